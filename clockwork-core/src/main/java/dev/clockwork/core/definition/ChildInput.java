package dev.clockwork.core.definition;

import dev.clockwork.core.context.Context;
import java.util.Map;

/**
 * Computes a child machine's input from the parent's context when the invoking state is entered.
 */
@FunctionalInterface
public interface ChildInput {
  /** The default: the child starts with the parent's whole context. */
  ChildInput WHOLE_CONTEXT = Context::asMap;

  Map<String, ?> from(Context parentContext);
}
