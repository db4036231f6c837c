package dev.clockwork.chaos.fault;

import dev.clockwork.chaos.machine.ChaosEngine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * When each fault strikes, decided by the seed alone: the same seed, kinds, window and worker count
 * give the same schedule. Faults of each kind come at random gaps within the kind's bounds, the
 * first no earlier than {@link #QUIET_START}, none after the window.
 *
 * @param faults in time order
 */
public record FaultSchedule(List<Fault> faults) {
  /** The first seconds of a run, before any fault: the workers start and take work. */
  static final Duration QUIET_START = Duration.ofSeconds(3);

  /**
   * One fault.
   *
   * @param at its offset from the start of the run
   * @param kind what it does
   * @param worker the worker it targets (0-based; used by {@link FaultKind#KILL}, and by {@link
   *     FaultKind#PAUSE} when no worker holds a lease: a pause stops the one holding the most)
   * @param downtime how long the database stays down ({@link FaultKind#RESTART_DB}) or the worker
   *     stays stopped ({@link FaultKind#PAUSE}); zero otherwise
   */
  public record Fault(Duration at, FaultKind kind, int worker, Duration downtime) {}

  public FaultSchedule {
    faults = List.copyOf(faults);
  }

  public static FaultSchedule of(long seed, Set<FaultKind> kinds, Duration window, int workers) {
    Random random = new Random(seed ^ 0x5DEECE66DL);
    List<Fault> faults = new ArrayList<>();
    for (FaultKind kind : FaultKind.values()) {
      if (!kinds.contains(kind)) {
        continue;
      }
      if (kind.isClock()) {
        faults.add(new Fault(Duration.ZERO, kind, random.nextInt(workers), Duration.ZERO));
        continue;
      }
      if (kind == FaultKind.DEPLOY) {
        long at = window.toMillis() / 4 + random.nextInt((int) Math.max(1, window.toMillis() / 4));
        for (int worker = 0; worker < workers; worker++) {
          faults.add(new Fault(Duration.ofMillis(at), kind, worker, Duration.ZERO));
          at += kind.minGapMillis + random.nextInt(kind.maxGapMillis - kind.minGapMillis + 1);
        }
        continue;
      }
      long at = QUIET_START.toMillis() + random.nextInt(kind.minGapMillis);
      while (at < window.toMillis()) {
        Duration downtime =
            switch (kind) {
              case RESTART_DB -> Duration.ofMillis(1_000 + random.nextInt(2_000));
              case PAUSE -> ChaosEngine.LEASE_TIME.plusMillis(1_000 + random.nextInt(3_000));
              default -> Duration.ZERO;
            };
        faults.add(new Fault(Duration.ofMillis(at), kind, random.nextInt(workers), downtime));
        at += kind.minGapMillis + random.nextInt(kind.maxGapMillis - kind.minGapMillis + 1);
      }
    }
    faults.sort(Comparator.comparing(Fault::at));
    return new FaultSchedule(faults);
  }

  /**
   * The worker whose clock is off (0-based) and by how much, when the schedule has a clock fault.
   */
  public Optional<Fault> clockFault() {
    return faults.stream().filter(f -> f.kind().isClock()).findFirst();
  }

  /** How many faults of {@code kind} the schedule holds. */
  public long count(FaultKind kind) {
    return faults.stream().filter(f -> f.kind() == kind).count();
  }
}
