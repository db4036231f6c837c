package dev.clockwork.core.interpreter;

import dev.clockwork.core.ClockworkException;

/**
 * An action threw while a new instance started ({@link Interpreter#start}): names the action, where
 * it sits and what it threw (the cause). Failures a business rule or Clockwork itself raised (a
 * {@link ClockworkException}, a {@link dev.clockwork.core.behavior.NonRetryable}) are thrown as
 * they are.
 */
public final class ActionFailedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final transient ActionSite site;

  public ActionFailedException(ActionSite site, RuntimeException cause) {
    super(site.describe() + " failed: " + error(cause), cause);
    this.site = site;
  }

  /** Where the action sits. */
  public ActionSite site() {
    return site;
  }

  /** What it threw, e.g. {@code IllegalArgumentException: amount_cents is missing}. */
  public String error() {
    return error(getCause());
  }

  private static String error(Throwable cause) {
    return cause.getClass().getSimpleName()
        + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
  }
}
