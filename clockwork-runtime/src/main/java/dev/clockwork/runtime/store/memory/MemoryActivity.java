package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.QueueActivity;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The in-memory store's activity minutes, per machine. Guarded by the store's monitor. */
final class MemoryActivity {
  private final Map<String, TreeMap<Instant, QueueActivity>> byMachine = new TreeMap<>();

  void record(List<ActivitySample> samples) {
    for (ActivitySample sample : samples) {
      Instant end = sample.minute().plusSeconds(60);
      QueueActivity added =
          new QueueActivity(
              sample.machine(),
              sample.minute(),
              end,
              sample.completed(),
              sample.processed(),
              sample.processingTime());
      byMachine
          .computeIfAbsent(sample.machine(), m -> new TreeMap<>())
          .merge(sample.minute(), added, QueueActivity::plus);
    }
  }

  QueueActivity sum(String machine, Instant from, Instant to) {
    QueueActivity total = QueueActivity.none(machine, from, to);
    TreeMap<Instant, QueueActivity> minutes = byMachine.get(machine);
    if (minutes == null || !from.isBefore(to)) {
      return total;
    }
    for (QueueActivity minute : minutes.subMap(from, true, to, false).values()) {
      total =
          new QueueActivity(
              machine,
              from,
              to,
              total.completed() + minute.completed(),
              total.processed() + minute.processed(),
              total.processingTime().plus(minute.processingTime()));
    }
    return total;
  }

  int purge(Instant before) {
    int purged = 0;
    for (TreeMap<Instant, QueueActivity> minutes : byMachine.values()) {
      Iterator<Instant> old = minutes.headMap(before, false).keySet().iterator();
      while (old.hasNext()) {
        old.next();
        old.remove();
        purged++;
      }
    }
    return purged;
  }
}
