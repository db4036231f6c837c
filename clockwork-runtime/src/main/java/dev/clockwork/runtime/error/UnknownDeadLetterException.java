package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.RetriedDeadLetter;

/** A dead letter id that is not in the dead letter queue (never was, retried, or purged). */
public final class UnknownDeadLetterException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  /** A dead letter that was retried: says which event (of which instance) it became. */
  public static UnknownDeadLetterException retried(RetriedDeadLetter retried) {
    return new UnknownDeadLetterException(
        "dead letter "
            + retried.id()
            + " was retried already: it is event "
            + retried.eventId()
            + " of instance "
            + NamespacedIds.readable(retried.instanceId())
            + " ("
            + retried.machine()
            + ") now");
  }

  private UnknownDeadLetterException(String message) {
    super(message);
  }

  public UnknownDeadLetterException(long id) {
    super(
        "no dead letter with id "
            + id
            + " (retried or purged already?); list them with `clockwork queue dlq` or GET"
            + " /api/dead-letters");
  }
}
