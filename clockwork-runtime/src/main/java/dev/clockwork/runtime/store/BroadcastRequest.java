package dev.clockwork.runtime.store;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.Priority;
import java.util.Objects;

/**
 * A broadcast a step asked for, written with the step's commit and delivered after it: one queued
 * event per active instance of {@code machine} in {@code state}, in the sender's namespace, at
 * delivery.
 *
 * @param machine the machine whose instances receive it
 * @param state the state path they must be in
 * @param event the event each receives
 * @param priority the priority of the event whose handler asked for it
 * @param sender the instance whose step asked for it
 */
public record BroadcastRequest(
    String machine, String state, Event event, Priority priority, String sender) {
  public BroadcastRequest {
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(event, "event");
    priority = priority == null ? Priority.NORMAL : priority;
  }

  /**
   * The namespace whose instances receive it: the sender's (the namespace of its stored id), or
   * null — every namespace — when no instance sent it.
   */
  public String namespace() {
    return namespaceOf(sender);
  }

  /** The namespace a broadcast from {@code sender} reaches: see {@link #namespace()}. */
  public static String namespaceOf(String sender) {
    return sender == null ? null : NamespacedIds.namespaceOf(sender);
  }
}
