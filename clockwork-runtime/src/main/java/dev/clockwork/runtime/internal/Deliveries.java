package dev.clockwork.runtime.internal;

import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.runtime.instance.NamespacedIds;

/**
 * The {@link Delivery} guards and actions see: the instance's plain id and its namespace, never the
 * stored id ({@code namespace + U+001F + id}) the runtime keys it by.
 */
public final class Deliveries {
  private Deliveries() {}

  /** The delivery of an event to the instance stored as {@code storedId}. */
  public static Delivery of(String storedId, long eventId, int attempt) {
    return new Delivery(
        NamespacedIds.idOf(storedId), eventId, attempt, NamespacedIds.namespaceOf(storedId));
  }
}
