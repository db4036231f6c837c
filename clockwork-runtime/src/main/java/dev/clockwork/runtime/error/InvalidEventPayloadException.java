package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;
import java.util.List;

/**
 * An event whose payload the machine's validator for its type refused (see {@code
 * MachineBuilder.validate}): a sender's mistake, refused before anything is queued or applied.
 */
public final class InvalidEventPayloadException extends ClockworkException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  private final transient List<String> errors;

  public InvalidEventPayloadException(
      String machine, String instanceId, String eventType, List<String> errors) {
    super(
        "event '"
            + eventType
            + "' for instance '"
            + instanceId
            + "' of machine '"
            + machine
            + "' has an invalid payload: "
            + String.join("; ", errors));
    this.errors = List.copyOf(errors);
  }

  /** Each problem the validator found. */
  public List<String> errors() {
    return errors;
  }
}
