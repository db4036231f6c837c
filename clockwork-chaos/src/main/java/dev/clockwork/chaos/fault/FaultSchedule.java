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
   * @param worker the worker it targets (0-based; used by {@link FaultKind#KILL}, by {@link
   *     FaultKind#PAUSE} when no worker holds a lease: a pause stops the one holding the most, and
   *     by {@link FaultKind#NET}: the worker behind the proxy, the same for every fault of a run)
   * @param downtime how long the database stays down ({@link FaultKind#RESTART_DB}), the worker
   *     stays stopped ({@link FaultKind#PAUSE}), the proxy blackholes ({@link FaultKind#NET}) or
   *     the queue stays paused ({@link FaultKind#OPERATOR}) or the database refuses writes ({@link
   *     FaultKind#READ_ONLY}); for a dead-letter purge, the age of the letters it deletes (older
   *     ones only); zero otherwise
   * @param variant which of its kind's actions it takes ({@link Variant#NONE} for the kinds that
   *     have one)
   */
  public record Fault(Duration at, FaultKind kind, int worker, Duration downtime, Variant variant) {
    /** A fault of a kind with one action. */
    public Fault(Duration at, FaultKind kind, int worker, Duration downtime) {
      this(at, kind, worker, downtime, Variant.NONE);
    }
  }

  /** The actions of the kinds that have several, taken in turn from a seeded first one. */
  public enum Variant {
    NONE,
    /** {@link FaultKind#NET}: reset every proxied connection (RST to both ends). */
    RESET,
    /** {@link FaultKind#NET}: forward nothing for {@code downtime}, then forward again. */
    BLACKHOLE_THEN_FORWARD,
    /** {@link FaultKind#NET}: forward nothing for {@code downtime}, then reset the connections. */
    BLACKHOLE_THEN_RESET,
    /** {@link FaultKind#OPERATOR}: pause the chaos machine's queue for {@code downtime}. */
    PAUSE_QUEUE,
    /** {@link FaultKind#OPERATOR}: purge the dead letters older than {@code downtime}. */
    PURGE_DEAD_LETTERS;

    static final List<Variant> NET = List.of(RESET, BLACKHOLE_THEN_FORWARD, BLACKHOLE_THEN_RESET);
    static final List<Variant> OPERATOR = List.of(PAUSE_QUEUE, PURGE_DEAD_LETTERS);
  }

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
        int worker = random.nextInt(workers);
        boolean taken = faults.stream().anyMatch(f -> f.kind().isClock() && f.worker() == worker);
        // ahead and behind together: two different workers
        faults.add(
            new Fault(Duration.ZERO, kind, taken ? (worker + 1) % workers : worker, Duration.ZERO));
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
      if (kind == FaultKind.READ_ONLY) {
        readOnly(random, window, faults);
        continue;
      }
      List<Variant> variants =
          switch (kind) {
            case NET -> Variant.NET;
            case OPERATOR -> Variant.OPERATOR;
            default -> List.of(Variant.NONE);
          };
      // drawn for F5 and F8 only, which come last: the other kinds' faults stay where they were
      int turn = variants.size() > 1 ? random.nextInt(variants.size()) : 0;
      int proxied = kind == FaultKind.NET ? random.nextInt(workers) : 0;
      long at = QUIET_START.toMillis() + random.nextInt(kind.minGapMillis);
      while (at < window.toMillis()) {
        Variant variant = variants.get(turn++ % variants.size());
        Duration downtime =
            switch (variant) {
              case BLACKHOLE_THEN_FORWARD, BLACKHOLE_THEN_RESET -> outlastingTheLease(random);
              case PAUSE_QUEUE -> Duration.ofMillis(1_000 + random.nextInt(3_000));
              case PURGE_DEAD_LETTERS -> Duration.ofMillis(1_000L * random.nextInt(3));
              default ->
                  switch (kind) {
                    case RESTART_DB -> Duration.ofMillis(1_000 + random.nextInt(2_000));
                    case PAUSE -> outlastingTheLease(random);
                    default -> Duration.ZERO;
                  };
            };
        int worker = kind == FaultKind.NET ? proxied : random.nextInt(workers);
        faults.add(new Fault(Duration.ofMillis(at), kind, worker, downtime, variant));
        at += kind.minGapMillis + random.nextInt(kind.maxGapMillis - kind.minGapMillis + 1);
      }
    }
    faults.sort(Comparator.comparing(Fault::at));
    return new FaultSchedule(faults);
  }

  /**
   * F9's faults: the first at a seeded point after {@link FaultKind#READ_ONLY_FROM} (within the
   * kind's shortest gap) that leaves the writes refused for {@link FaultKind#READ_ONLY_FOR} and 5 s
   * more within the window (at the quiet start when the window is shorter), each next one at the
   * kind's gap after the last one ended, while it ends within the window.
   */
  private static void readOnly(Random random, Duration window, List<Fault> faults) {
    FaultKind kind = FaultKind.READ_ONLY;
    long length = FaultKind.READ_ONLY_FOR.toMillis();
    long start = Math.max(QUIET_START.toMillis(), FaultKind.READ_ONLY_FROM.toMillis());
    long room = window.toMillis() - start - length - 5_000;
    long at = start + (room > 0 ? random.nextInt((int) Math.min(room, kind.minGapMillis)) : 0);
    do {
      faults.add(new Fault(Duration.ofMillis(at), kind, 0, FaultKind.READ_ONLY_FOR));
      at += length + kind.minGapMillis + random.nextInt(kind.maxGapMillis - kind.minGapMillis + 1);
    } while (at + length < window.toMillis());
  }

  /** The lease plus 1–4 s: long enough for the other workers to take the leases over. */
  private static Duration outlastingTheLease(Random random) {
    return ChaosEngine.LEASE_TIME.plusMillis(1_000 + random.nextInt(3_000));
  }

  /** The workers whose clock is off (0-based) and by how much: the schedule's clock faults. */
  public List<Fault> clockFaults() {
    return faults.stream().filter(f -> f.kind().isClock()).toList();
  }

  /** The worker (0-based) that reaches the database through the proxy, when F5 is scheduled. */
  public Optional<Integer> proxiedWorker() {
    return faults.stream().filter(f -> f.kind() == FaultKind.NET).map(Fault::worker).findFirst();
  }

  /** How many faults of {@code kind} the schedule holds. */
  public long count(FaultKind kind) {
    return faults.stream().filter(f -> f.kind() == kind).count();
  }
}
