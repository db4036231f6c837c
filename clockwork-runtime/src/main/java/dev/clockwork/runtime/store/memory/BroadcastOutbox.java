package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.BroadcastRequest;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Broadcasts written by commits and not yet delivered, oldest first, each with the id of the last
 * target it reached. Not thread-safe: the store calls it under its own lock.
 */
final class BroadcastOutbox {
  /** A broadcast and how far its delivery got (targets are reached in id order). */
  static final class Pending {
    final BroadcastRequest request;
    String afterId = "";

    Pending(BroadcastRequest request) {
      this.request = request;
    }
  }

  private final Deque<Pending> pending = new ArrayDeque<>();

  void add(BroadcastRequest request) {
    pending.addLast(new Pending(request));
  }

  /** The oldest broadcast not fully delivered, or null. */
  Pending oldest() {
    return pending.peekFirst();
  }

  /** Drops the oldest broadcast: every target has it. */
  void delivered() {
    pending.removeFirst();
  }
}
