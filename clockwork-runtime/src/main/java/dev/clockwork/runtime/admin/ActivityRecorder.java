package dev.clockwork.runtime.admin;

import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts the queued events and timer fires this engine processed, per machine and minute (with
 * their processing times and timer lateness in buckets, and the dead letters), and adds the counts
 * to the store's activity minutes when {@link #flush flushed} (every few seconds by the engine's
 * periodic tasks, and when it closes), so turns never write for it. Until then {@link #unflushed}
 * tells them apart.
 */
public final class ActivityRecorder implements EngineListener {
  private static final String DIRECT_SEND = "send";
  private static final String TIMER = "timer";

  private record Key(String machine, Instant minute) {}

  private Map<Key, MinuteCounts> counts = new HashMap<>();

  /** Counts a queued event or timer fire; a direct send never went through a queue. */
  @Override
  public synchronized void eventProcessed(ProcessedEvent event) {
    if (DIRECT_SEND.equals(event.source())) {
      return;
    }
    Key key = new Key(event.machine(), event.committedAt().truncatedTo(ChronoUnit.MINUTES));
    counts.computeIfAbsent(key, k -> new MinuteCounts()).count(event, TIMER.equals(event.source()));
  }

  /** Notes a machine's pending events at {@code at}: a minute keeps the largest it was told. */
  public synchronized void backlog(String machine, Instant at, long pending) {
    Key key = new Key(machine, at.truncatedTo(ChronoUnit.MINUTES));
    counts.computeIfAbsent(key, k -> new MinuteCounts()).backlog(pending);
  }

  /** Adds what was counted since the last flush to {@code store}'s activity minutes. */
  public void flush(Store store) {
    Map<Key, MinuteCounts> taken;
    synchronized (this) {
      if (counts.isEmpty()) {
        return;
      }
      taken = counts;
      counts = new HashMap<>();
    }
    List<ActivitySample> samples = new ArrayList<>();
    taken.forEach((key, minute) -> samples.add(minute.sample(key.machine(), key.minute())));
    try {
      store.activity().record(samples);
    } catch (RuntimeException e) {
      synchronized (this) {
        taken.forEach((key, minute) -> counts.merge(key, minute, MinuteCounts::plus));
      }
      throw e;
    }
  }

  /** What was counted of {@code machine} in [from, to) and is not in the store yet. */
  public synchronized QueueActivity unflushed(String machine, Instant from, Instant to) {
    return QueueActivity.of(machine, from, to, unflushedMinutes(machine, from, to));
  }

  /** The minutes of {@code machine} in [from, to) counted and not in the store yet, unordered. */
  public synchronized List<ActivitySample> unflushedMinutes(
      String machine, Instant from, Instant to) {
    List<ActivitySample> minutes = new ArrayList<>();
    counts.forEach(
        (key, minute) -> {
          if (key.machine().equals(machine)
              && !key.minute().isBefore(from)
              && key.minute().isBefore(to)) {
            minutes.add(minute.sample(machine, key.minute()));
          }
        });
    return minutes;
  }
}
