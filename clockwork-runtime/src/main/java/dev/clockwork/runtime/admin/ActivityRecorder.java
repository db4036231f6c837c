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
import java.util.Map;

/**
 * Counts the queued events and timer fires this engine processed, per machine and minute, and adds
 * the counts to the store's activity minutes when {@link #flush flushed} (every few seconds by the
 * engine's periodic tasks, and when it closes), so turns never write for it. Until then {@link
 * #unflushed} tells them apart.
 */
public final class ActivityRecorder implements EngineListener {
  private static final String DIRECT_SEND = "send";

  private record Key(String machine, Instant minute) {}

  private Map<Key, ActivitySample> counts = new HashMap<>();

  /** Counts a queued event or timer fire; a direct send never went through a queue. */
  @Override
  public synchronized void eventProcessed(ProcessedEvent event) {
    if (DIRECT_SEND.equals(event.source())) {
      return;
    }
    Key key = new Key(event.machine(), event.committedAt().truncatedTo(ChronoUnit.MINUTES));
    boolean applied = event.outcome() == ProcessedEvent.Outcome.APPLIED;
    ActivitySample one =
        new ActivitySample(key.machine(), key.minute(), applied ? 1 : 0, 1, event.took());
    counts.merge(key, one, ActivityRecorder::add);
  }

  /** Adds what was counted since the last flush to {@code store}'s activity minutes. */
  public void flush(Store store) {
    Map<Key, ActivitySample> taken;
    synchronized (this) {
      if (counts.isEmpty()) {
        return;
      }
      taken = counts;
      counts = new HashMap<>();
    }
    try {
      store.activity().record(new ArrayList<>(taken.values()));
    } catch (RuntimeException e) {
      synchronized (this) {
        taken.forEach((key, sample) -> counts.merge(key, sample, ActivityRecorder::add));
      }
      throw e;
    }
  }

  /** What was counted of {@code machine} in [from, to) and is not in the store yet. */
  public synchronized QueueActivity unflushed(String machine, Instant from, Instant to) {
    QueueActivity total = QueueActivity.none(machine, from, to);
    for (ActivitySample sample : counts.values()) {
      if (sample.machine().equals(machine)
          && !sample.minute().isBefore(from)
          && sample.minute().isBefore(to)) {
        total =
            total.plus(
                new QueueActivity(
                    machine,
                    from,
                    to,
                    sample.completed(),
                    sample.processed(),
                    sample.processingTime()));
      }
    }
    return total;
  }

  private static ActivitySample add(ActivitySample a, ActivitySample b) {
    return new ActivitySample(
        a.machine(),
        a.minute(),
        a.completed() + b.completed(),
        a.processed() + b.processed(),
        a.processingTime().plus(b.processingTime()));
  }
}
