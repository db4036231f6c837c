package dev.clockwork.schedule.store;

import java.time.Instant;
import java.util.Objects;

/**
 * An occurrence of a schedule that did not run, and why: {@code overlap_policy_skip}, {@code
 * buffer_overflow}, {@code catchup_once}, {@code catchup_skip}, {@code outside_catchup_window},
 * {@code status_not_triggerable}, {@code remaining_actions_exhausted}, {@code
 * target_instance_missing}.
 *
 * @param namespace the schedule's namespace
 * @param scheduleId the schedule's id
 * @param sequence 1, 2, 3… per schedule, assigned by the store (0 before it is written)
 * @param occurrence the fire time that did not run
 * @param reason why, as a snake_case word
 * @param detail more words, or null
 * @param recordedAt when it was decided (engine clock)
 */
public record SkippedOccurrence(
    String namespace,
    String scheduleId,
    long sequence,
    Instant occurrence,
    String reason,
    String detail,
    Instant recordedAt) {
  public SkippedOccurrence {
    Objects.requireNonNull(occurrence, "occurrence");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(recordedAt, "recordedAt");
  }

  /** The same record with the sequence the store gave it. */
  public SkippedOccurrence withSequence(long assigned) {
    return new SkippedOccurrence(
        namespace, scheduleId, assigned, occurrence, reason, detail, recordedAt);
  }
}
