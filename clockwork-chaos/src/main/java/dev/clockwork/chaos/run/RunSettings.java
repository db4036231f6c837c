package dev.clockwork.chaos.run;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.fault.FaultKind;
import java.time.Duration;
import java.util.Set;

/**
 * One run's settings.
 *
 * @param seed decides the event plan and the fault schedule
 * @param window how long the producer sends and the faults strike
 * @param workers worker JVMs
 * @param faults the fault kinds (empty for a baseline)
 * @param events events the producer sends
 * @param instances instances they go to
 * @param drainBound how long the queues may take to drain once the faults stopped
 * @param breakage the promise the workers' store breaks on purpose ({@link Breakage#NONE}: none)
 */
public record RunSettings(
    long seed,
    Duration window,
    int workers,
    Set<FaultKind> faults,
    int events,
    int instances,
    Duration drainBound,
    Breakage breakage) {
  public RunSettings {
    faults = Set.copyOf(faults);
  }

  /** A run on the store as it is. */
  public RunSettings(
      long seed,
      Duration window,
      int workers,
      Set<FaultKind> faults,
      int events,
      int instances,
      Duration drainBound) {
    this(seed, window, workers, faults, events, instances, drainBound, Breakage.NONE);
  }

  /** The same run on another seed (the long mode's seeds). */
  public RunSettings withSeed(long otherSeed) {
    return new RunSettings(
        otherSeed, window, workers, faults, events, instances, drainBound, breakage);
  }

  /** The same run with other faults, window and event count (the short mode's two phases). */
  public RunSettings with(Set<FaultKind> otherFaults, Duration otherWindow, int otherEvents) {
    return new RunSettings(
        seed, otherWindow, workers, otherFaults, otherEvents, instances, drainBound, breakage);
  }

  /**
   * The run's directory name: {@code baseline}, or its faults joined by {@code +}; {@code
   * -broken-<breakage>} after it when the store is broken on purpose.
   */
  public String label() {
    String faulted =
        faults.isEmpty()
            ? "baseline"
            : String.join("+", faults.stream().sorted().map(FaultKind::flag).toList());
    return breakage == Breakage.NONE ? faulted : faulted + "-broken-" + breakage.flag();
  }

  public String faultNames() {
    return faults.isEmpty()
        ? "none (baseline)"
        : String.join(",", faults.stream().sorted().map(FaultKind::flag).toList());
  }
}
