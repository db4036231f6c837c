package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.PendingTrigger;
import java.time.Instant;
import java.util.List;

/**
 * What an evaluation of a schedule decided, before any of it is done. Facts from a tick carry the
 * due fire time they were decided for and only apply while the schedule still waits for it, so an
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

  /**
   * A run to start or an event to send, decided and not yet done: {@code pending} is carried out
   * once the trigger is recorded. Null {@code pending} (outcome {@code already_started}): a
   * backfilled occurrence whose run exists already; nothing is recorded.
   */
  record Triggered(
      Source source,
      Instant due,
      Instant occurrence,
      String instanceId,
      TriggerOutcome outcome,
      OverlapPolicy effectivePolicy,
      PendingTrigger pending)
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
