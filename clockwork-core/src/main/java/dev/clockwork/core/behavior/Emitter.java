package dev.clockwork.core.behavior;

import dev.clockwork.core.event.Event;

/**
 * Runs a synchronous emit: the runtime processes {@code event} on the target instance inline, in
 * the caller's unit of work, and returns the target's reply. The pure interpreter only calls it.
 */
@FunctionalInterface
public interface Emitter {
  /** Processes the event on the target now and returns its reply (null when it gave none). */
  Object emit(Target target, Event event);
}
