package dev.clockwork.core.definition;

import dev.clockwork.core.context.Context;
import java.util.Map;

/**
 * Computes a child machine's input from the parent's context when the invoking state is entered.
 */
@FunctionalInterface
public interface ChildInput {
  Map<String, ?> from(Context parentContext);
}
