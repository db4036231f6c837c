package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.Action;
import java.util.Map;

/** An action the format writes as a map of one key, e.g. {@code {raise: CHARGED}}. */
public interface BuiltInAction extends Action {
  /** The action as written in a definition. */
  Map<String, Object> toData();
}
