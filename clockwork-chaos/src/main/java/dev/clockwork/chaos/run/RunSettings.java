package dev.clockwork.chaos.run;

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
 */
public record RunSettings(
    long seed,
    Duration window,
    int workers,
    Set<FaultKind> faults,
    int events,
    int instances,
    Duration drainBound) {
  public RunSettings {
    faults = Set.copyOf(faults);
  }

  /** The same run with other faults, window and event count (the short mode's two phases). */
  public RunSettings with(Set<FaultKind> otherFaults, Duration otherWindow, int otherEvents) {
    return new RunSettings(
        seed, otherWindow, workers, otherFaults, otherEvents, instances, drainBound);
  }

  /** The run's directory name: {@code baseline}, or its faults joined by {@code +}. */
  public String label() {
    return faults.isEmpty()
        ? "baseline"
        : String.join("+", faults.stream().sorted().map(FaultKind::flag).toList());
  }

  public String faultNames() {
    return faults.isEmpty()
        ? "none (baseline)"
        : String.join(",", faults.stream().sorted().map(FaultKind::flag).toList());
  }
}
