package dev.clockwork.chaos.check;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The run's schedule as read back: the occurrences its spec gives, what its audit stream and its
 * skipped occurrences say of each, and the instances of the machine it starts.
 *
 * @param occurrences the spec's occurrences from its first fire up to {@code until}, in order
 * @param until when the schedule stopped being evaluated: when the orchestrator paused it (or, if
 *     it never was, its next fire as stored); null when there is no schedule
 * @param triggered its {@code ScheduleTriggered} audit rows
 * @param skipped its skipped occurrences
 * @param auditedSkips the {@code skipped_trigger_count} of its last {@code ScheduleTriggerSkipped}
 *     audit row (0 when none)
 * @param runs every instance of the scheduled machine, by id
 */
public record ScheduleSeen(
    List<Instant> occurrences,
    Instant until,
    List<Triggered> triggered,
    List<Skipped> skipped,
    long auditedSkips,
    Map<String, RunSeen> runs) {
  /** No schedule (a run in process, without one). */
  public static final ScheduleSeen NONE =
      new ScheduleSeen(List.of(), null, List.of(), List.of(), 0, Map.of());

  public ScheduleSeen {
    occurrences = List.copyOf(occurrences);
    triggered = List.copyOf(triggered);
    skipped = List.copyOf(skipped);
    runs = Map.copyOf(runs);
  }

  /** Whether a schedule was read at all. */
  public boolean exists() {
    return until != null;
  }

  /**
   * One {@code ScheduleTriggered} audit row.
   *
   * @param occurrence its {@code occurrence_time}
   * @param instanceId the run it names
   * @param outcome its {@code outcome} ({@code started}, {@code already_started}, …)
   * @param recordedAt when the tick decided it (engine clock)
   */
  public record Triggered(
      Instant occurrence, String instanceId, String outcome, Instant recordedAt) {}

  /**
   * One skipped occurrence.
   *
   * @param occurrence the occurrence
   * @param reason why it did not run
   * @param recordedAt when the tick decided it (engine clock)
   */
  public record Skipped(Instant occurrence, String reason, Instant recordedAt) {}

  /**
   * One instance of the scheduled machine.
   *
   * @param lineage the {@code occurrence_time} of each {@code ScheduleTriggered} row in its history
   * @param done whether it reached its final state
   * @param createdAt the database's clock when its first history row was written (null when not
   *     recorded)
   * @param finishedAt the database's clock when its {@code DONE} row was written (null when it is
   *     not done or it was not recorded)
   */
  public record RunSeen(
      List<Instant> lineage, boolean done, Instant createdAt, Instant finishedAt) {
    public RunSeen {
      lineage = List.copyOf(lineage);
    }
  }
}
