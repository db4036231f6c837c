package dev.clockwork.core.behavior;

import dev.clockwork.core.ClockworkException;

/**
 * A business rule refused the event ({@code scope.fail("CART_EMPTY")}): the macrostep is rolled
 * back and the event is dead-lettered at once, never retried.
 */
public final class BusinessFailure extends ClockworkException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  private final String code;

  public BusinessFailure(String code, String message) {
    super(message == null ? code : code + ": " + message);
    this.code = code;
  }

  /** The failure's code, e.g. {@code CART_EMPTY}. */
  public String code() {
    return code;
  }
}
