package dev.clockwork.core.behavior;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.event.Event;
import java.time.Instant;

/** What a guard can see: the context as it is now, the event being processed, and the time. */
public interface GuardScope {
  Context context();

  Event event();

  /** The instant the macrostep runs at (the engine's clock, never the system clock). */
  Instant now();
}
