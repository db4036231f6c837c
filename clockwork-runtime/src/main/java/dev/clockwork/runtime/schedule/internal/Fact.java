package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.definition.OverlapPolicy;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import java.time.Instant;
import java.util.List;

/**
 * Something that happened while a schedule was evaluated, kept so that it can be written again onto
 * a fresh copy of the schedule when another writer got there first. Facts from a tick carry the due
 * fire time they were decided for and only apply while the schedule still waits for it, so an
 * occurrence another node already recorded is not recorded twice.
 */
sealed interface Fact {

  /** Who decided it. */
  enum Source {
    TICK,
    BUFFER,
    MANUAL,
    BACKFILL
  }

  /** An instance was started (or found started), or an event was sent. */
  record Triggered(
      Source source,
      Instant due,
      Instant occurrence,
      String instanceId,
      TriggerOutcome outcome,
      OverlapPolicy effectivePolicy)
      implements Fact {}

  /** Occurrences that did not run, for one reason. */
  record Skipped(
      Source source, Instant due, List<Instant> occurrences, String reason, String detail)
      implements Fact {
    public Skipped {
      occurrences = List.copyOf(occurrences);
    }
  }

  /** An occurrence went into the buffer. */
  record Buffered(Source source, Instant due, Instant occurrence) implements Fact {}

  /** A tick moved the schedule from {@code due} to its next fire. */
  record Advanced(Instant due, Instant fireAt, Instant occurrence) implements Fact {}
}
