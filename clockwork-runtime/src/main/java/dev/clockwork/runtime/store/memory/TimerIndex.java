package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The in-memory store's index of armed timers by due time. A swept fire is remembered, so an
 * instance committing the same armed timer again (its fire still queued) is not swept twice.
 */
final class TimerIndex {
  /** One armed timer of one instance at one due instant. */
  record Entry(String instanceId, String key, String event, long entryId, Instant due) {}

  private static final Comparator<Entry> DUE_ORDER =
      Comparator.comparing(Entry::due)
          .thenComparing(Entry::instanceId)
          .thenComparing(Entry::key)
          .thenComparingLong(Entry::entryId);

  private final TreeSet<Entry> byDue = new TreeSet<>(DUE_ORDER);
  private final Map<String, List<Entry>> byInstance = new HashMap<>();
  private final Set<Entry> swept = new HashSet<>();

  void index(InstanceRecord record) {
    byInstance.getOrDefault(record.id(), List.of()).forEach(byDue::remove);
    List<Entry> current = new ArrayList<>(record.timers().size());
    Set<Entry> stillArmed = new HashSet<>();
    for (ArmedTimer timer : record.timers()) {
      Entry entry =
          new Entry(record.id(), timer.key(), timer.event(), timer.entryId(), timer.due());
      stillArmed.add(entry);
      if (!swept.contains(entry)) {
        current.add(entry);
        byDue.add(entry);
      }
    }
    swept.removeIf(e -> e.instanceId().equals(record.id()) && !stillArmed.contains(e));
    byInstance.put(record.id(), current);
  }

  List<QueuedEvent> takeDue(Instant now, int limit, Map<String, InstanceRecord> instances) {
    List<QueuedEvent> fires = new ArrayList<>();
    while (fires.size() < limit && !byDue.isEmpty() && !byDue.first().due().isAfter(now)) {
      Entry due = byDue.pollFirst();
      byInstance.get(due.instanceId()).remove(due);
      swept.add(due);
      Event fire = Event.timerFire(due.event(), new TimerFire(due.key(), due.entryId(), due.due()));
      String machine = instances.get(due.instanceId()).machine();
      fires.add(QueuedEvent.of(due.instanceId(), machine, fire, "timer", now));
    }
    return fires;
  }

  Optional<Instant> nextDue() {
    return byDue.isEmpty() ? Optional.empty() : Optional.of(byDue.first().due());
  }
}
