package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.QueueActivity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The in-memory store's activity role: minutes per machine, under the store's lock. */
final class MemoryActivity implements ActivityStore {
  private final Object lock;
  private final Map<String, TreeMap<Instant, ActivitySample>> byMachine = new TreeMap<>();

  MemoryActivity(Object lock) {
    this.lock = lock;
  }

  @Override
  public void record(List<ActivitySample> samples) {
    synchronized (lock) {
      for (ActivitySample sample : samples) {
        byMachine
            .computeIfAbsent(sample.machine(), m -> new TreeMap<>())
            .merge(sample.minute(), sample, ActivitySample::plus);
      }
    }
  }

  @Override
  public QueueActivity sum(String machine, Instant from, Instant to) {
    return QueueActivity.of(machine, from, to, minutes(machine, from, to));
  }

  @Override
  public List<ActivitySample> minutes(String machine, Instant from, Instant to) {
    synchronized (lock) {
      TreeMap<Instant, ActivitySample> minutes = byMachine.get(machine);
      if (minutes == null || !from.isBefore(to)) {
        return List.of();
      }
      return new ArrayList<>(minutes.subMap(from, true, to, false).values());
    }
  }

  @Override
  public int purge(Instant before) {
    synchronized (lock) {
      int purged = 0;
      for (TreeMap<Instant, ActivitySample> minutes : byMachine.values()) {
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
}
