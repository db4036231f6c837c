package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.ActionScope;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;

/**
 * {@code {log: "payment declined"}}: logs the text at INFO on the {@code dev.clockwork.machine}
 * logger (the JDK's {@link System.Logger}, routed to whatever logging the application uses), with
 * the instance id and the event type.
 *
 * @param message the text logged
 */
public record LogAction(String message) implements BuiltInAction {
  /** The logger every {@code log} action writes to. */
  public static final String LOGGER = "dev.clockwork.machine";

  private static final Logger LOG = System.getLogger(LOGGER);

  @Override
  public void run(ActionScope scope) {
    LOG.log(Level.INFO, "{0} on {1}: {2}", scope.instanceId(), scope.event().type(), message);
  }

  @Override
  public Map<String, Object> toData() {
    return Map.of("log", message);
  }
}
