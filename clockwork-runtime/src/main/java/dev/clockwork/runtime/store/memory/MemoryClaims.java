package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Claims on the in-memory store: the due instances of the queues asked for, best first, within each
 * machine's cap.
 */
final class MemoryClaims {
  private final MemoryData data;

  MemoryClaims(MemoryData data) {
    this.data = data;
  }

  /** A claimable instance: its head priority (normal for timer-only work) and due instant. */
  private record Candidate(String instanceId, String machine, int priority, Instant due) {}

  private static final Comparator<Candidate> BEST_FIRST =
      Comparator.comparingInt(Candidate::priority)
          .thenComparing(Candidate::due)
          .thenComparing(Candidate::instanceId);

  List<Claim> claim(ClaimRequest request) {
    Instant now = request.now();
    Map<String, Integer> room = new HashMap<>();
    request
        .caps()
        .forEach(
            (m, cap) -> room.put(m, cap - (int) data.leasedCount(m, now, request.committing())));
    List<Candidate> ready = new ArrayList<>();
    for (var it = data.due.soonestFirst(); it.hasNext(); ) {
      DueIndex.Due due = it.next();
      if (due.at().isAfter(now)) {
        break;
      }
      String id = due.instanceId();
      InstanceRecord record = data.instances.get(id);
      String machine = record.machine();
      QueuedEvent head = data.head(id);
      boolean eventReady = head != null && !head.availableAt().isAfter(now);
      if (room.getOrDefault(machine, 0) <= 0
          || data.paused.contains(machine)
          || !request.serves(record.metadata().queue())
          || record.version() > request.newestVersion(machine)
          || request.held().contains(id)
          || data.isLeased(id, now)
          || (!request.timers() && !eventReady)) {
        continue;
      }
      int priority = eventReady ? head.priority().level() : Priority.NORMAL.level();
      ready.add(new Candidate(id, machine, priority, due.at()));
    }
    ready.sort(BEST_FIRST);
    List<Claim> claims = new ArrayList<>();
    for (Candidate candidate : ready) {
      if (claims.size() == request.maxInstances()) {
        break;
      }
      if (room.get(candidate.machine()) <= 0) {
        continue;
      }
      room.merge(candidate.machine(), -1, Integer::sum);
      claims.add(
          new Claim(
              data.newLease(candidate.instanceId(), request.owner(), now.plus(request.leaseTime())),
              data.instances.get(candidate.instanceId()),
              available(candidate.instanceId(), request.maxEvents(), now)));
    }
    return claims;
  }

  /** Up to {@code max} events from the head of the queue, stopping at the first not available. */
  private List<QueuedEvent> available(String instanceId, int max, Instant now) {
    List<QueuedEvent> events = new ArrayList<>();
    var queue = data.queues.get(instanceId);
    if (queue == null) {
      return events;
    }
    for (QueuedEvent event : queue.values()) {
      if (events.size() == max || event.availableAt().isAfter(now)) {
        break;
      }
      events.add(event);
    }
    return events;
  }
}
