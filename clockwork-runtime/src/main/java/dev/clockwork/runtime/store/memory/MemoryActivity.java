package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.QueueActivity;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The in-memory store's activity role: minutes per machine, under the store's lock. */
final class MemoryActivity implements ActivityStore {
  private final Object lock;
  private final Map<String, TreeMap<Instant, QueueActivity>> byMachine = new TreeMap<>();

  MemoryActivity(Object lock) {
    this.lock = lock;
  }

  @Override
  public void record(List<ActivitySample> samples) {
    synchronized (lock) {
      add(samples);
    }
  }

  @Override
  public QueueActivity sum(String machine, Instant from, Instant to) {
    synchronized (lock) {
      return total(machine, from, to);
    }
  }

  @Override
  public int purge(Instant before) {
    synchronized (lock) {
      return purged(before);
    }
  }

  private void add(List<ActivitySample> samples) {
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

  private QueueActivity total(String machine, Instant from, Instant to) {
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

  private int purged(Instant before) {
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
