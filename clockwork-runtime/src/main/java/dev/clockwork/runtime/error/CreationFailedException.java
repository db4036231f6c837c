package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.interpreter.ActionFailedException;
import dev.clockwork.core.interpreter.ActionSite;
import java.util.Optional;

/**
 * An entry action or guard threw while a new instance entered its initial states. Nothing was
 * stored: the instance does not exist, and creating it again (with other input) may succeed. Names
 * the action that threw ({@link #site()}) when it was one.
 */
public final class CreationFailedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final transient ActionSite site;

  public CreationFailedException(String instanceId, String machine, Throwable cause) {
    this(instanceId, machine, null, cause);
  }

  /** A failure of the action at {@code site} (null: not known to be an action's). */
  public CreationFailedException(
      String instanceId, String machine, ActionSite site, Throwable cause) {
    super(
        "instance '"
            + instanceId
            + "' of '"
            + machine
            + "' could not start, and nothing was stored: "
            + (site != null
                ? "its " + site.describe() + " failed with "
                : "its initial states' actions failed with ")
            + error(cause)
            + " (check the input it needs)",
        cause);
    this.site = site;
  }

  /**
   * The failure of instance {@code instanceId} of {@code machine} whose first step's action failed:
   * names the action ({@link ActionFailedException#site()}) and what it threw.
   */
  public static CreationFailedException of(
      String instanceId, String machine, ActionFailedException failure) {
    return new CreationFailedException(instanceId, machine, failure.site(), failure.getCause());
  }

  /** The action that threw, when it is known. */
  public Optional<ActionSite> site() {
    return Optional.ofNullable(site);
  }

  /** What was thrown, e.g. {@code IllegalArgumentException: amount_cents is missing}. */
  public String error() {
    return error(getCause());
  }

  private static String error(Throwable cause) {
    return cause.getClass().getSimpleName()
        + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
  }
}
