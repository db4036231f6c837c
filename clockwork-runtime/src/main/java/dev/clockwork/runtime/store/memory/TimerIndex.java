package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.TimerView;
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

  List<QueuedEvent> takeDue(
      Instant now, int limit, Map<String, InstanceRecord> instances, Set<String> machines) {
    List<QueuedEvent> fires = new ArrayList<>();
    List<Entry> candidates = new ArrayList<>();
    for (Entry entry : byDue) {
      if (fires.size() + candidates.size() == limit || entry.due().isAfter(now)) {
        break;
      }
      if (machines == null || machines.contains(instances.get(entry.instanceId()).machine())) {
        candidates.add(entry);
      }
    }
    for (Entry due : candidates) {
      byDue.remove(due);
      byInstance.get(due.instanceId()).remove(due);
      swept.add(due);
      Event fire = Event.timerFire(due.event(), new TimerFire(due.key(), due.entryId(), due.due()));
      String machine = instances.get(due.instanceId()).machine();
      fires.add(QueuedEvent.of(due.instanceId(), machine, fire, "timer", now));
    }
    return fires;
  }

  List<TimerView> armed(
      Map<String, InstanceRecord> instances, String machine, String statePrefix, int limit) {
    List<TimerView> views = new ArrayList<>();
    for (Entry entry : byDue) {
      if (views.size() == limit) {
        break;
      }
      InstanceRecord record = instances.get(entry.instanceId());
      String state = entry.key().substring(0, entry.key().indexOf('#'));
      if ((machine == null || machine.equals(record.machine()))
          && (statePrefix == null
              || state.equals(statePrefix)
              || state.startsWith(statePrefix + "."))) {
        int fires =
            record.timers().stream()
                .filter(t -> t.key().equals(entry.key()) && t.entryId() == entry.entryId())
                .mapToInt(ArmedTimer::fires)
                .findFirst()
                .orElse(0);
        views.add(
            new TimerView(
                entry.instanceId(), record.machine(), state, entry.event(), entry.due(), fires));
      }
    }
    return views;
  }

  Optional<Instant> nextDue() {
    return byDue.isEmpty() ? Optional.empty() : Optional.of(byDue.first().due());
  }
}
