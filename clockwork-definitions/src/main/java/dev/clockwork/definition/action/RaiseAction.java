package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.ActionScope;
import java.util.Map;

/** {@code {raise: EVENT}}: raises an internal event, handled before the next external one. */
public record RaiseAction(String event) implements BuiltInAction {
  @Override
  public void run(ActionScope scope) {
    scope.raise(event);
  }

  @Override
  public Map<String, Object> toData() {
    return Map.of("raise", event);
  }
}
