package dev.clockwork.core;

/** Base class of every exception Clockwork throws on purpose. Unchecked, as all of Clockwork's. */
public class ClockworkException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ClockworkException(String message) {
    super(message);
  }

  public ClockworkException(String message, Throwable cause) {
    super(message, cause);
  }
}
