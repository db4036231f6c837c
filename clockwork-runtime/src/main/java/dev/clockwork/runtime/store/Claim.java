package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.List;

/**
 * An instance a worker has leased, with the events at the head of its queue, in order.
 *
 * @param lease the lease to commit with
 * @param instance the instance as stored when leased
 * @param events available events at the head of its queue, oldest first
 */
public record Claim(Lease lease, InstanceRecord instance, List<QueuedEvent> events) {
  public Claim {
    events = List.copyOf(events);
  }
}
