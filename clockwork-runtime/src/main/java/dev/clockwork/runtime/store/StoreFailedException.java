package dev.clockwork.runtime.store;

import dev.clockwork.core.ClockworkException;

/**
 * A store call failed in the database or on the way to it, with the cause in words an operator
 * reads ({@code the database is read-only}) and the database's own code for it when it gave one
 * ({@code 25006}). Stores throw it for every failure of the database itself, so the engine can tell
 * a store that refuses its work from a bug: its workers back off, log one warning per interval
 * instead of one per call, and the engine's health report says why until a write succeeds again.
 */
public class StoreFailedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final String reason;
  private final String code;

  /**
   * @param message what the store was doing, where, and what the database said
   * @param reason the cause in words, e.g. {@code the database is read-only}
   * @param code the database's code for it (PostgreSQL's SQLState), or null when it gave none
   */
  public StoreFailedException(String message, String reason, String code, Throwable cause) {
    super(message, cause);
    this.reason = reason;
    this.code = code;
  }

  /** The cause in words, e.g. {@code the database is read-only}. */
  public String reason() {
    return reason;
  }

  /** The database's code for the cause (PostgreSQL's SQLState, e.g. {@code 25006}), or null. */
  public String code() {
    return code;
  }
}
