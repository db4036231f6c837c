package dev.clockwork.runtime.internal;

import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Delivers broadcasts after the step that asked for them committed: one queued event per active
 * instance of the machine in the state, found through the store's index and enqueued a page (one
 * transaction) at a time.
 */
public final class Broadcasts {
  private static final int PAGE = 500;

  private Broadcasts() {}

  /** A broadcast an action asked for, with the priority of the event its handler processed. */
  public record Request(Effect.Broadcast broadcast, Priority priority) {}

  /** Enqueues every broadcast; returns how many events were queued. */
  public static int deliver(Store store, List<Request> requests, Instant now) {
    int queued = 0;
    for (Request request : requests) {
      Effect.Broadcast broadcast = request.broadcast();
      String after = "";
      List<String> page;
      do {
        page = store.instancesIn(broadcast.machine(), broadcast.state(), after, PAGE);
        List<QueuedEvent> events = new ArrayList<>(page.size());
        for (String id : page) {
          events.add(
              QueuedEvent.of(id, broadcast.machine(), broadcast.event(), "broadcast", now)
                  .withPriority(request.priority()));
        }
        queued += store.enqueueAll(events);
        if (!page.isEmpty()) {
          after = page.get(page.size() - 1);
        }
      } while (page.size() == PAGE);
    }
    return queued;
  }
}
