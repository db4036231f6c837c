package dev.clockwork.chaos.producer;

import dev.clockwork.chaos.machine.ChaosFanOut;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The parallel-dispatch scenario's producer: a {@value ChaosFanOut#FAN} to each {@link ChaosFanOut}
 * instance in turn, every {@link #EVERY} per instance, for a duration (what a slow database delays
 * is not made up for afterwards), each numbered per instance. An enqueue that throws is not
 * acknowledged and not retried (the next one takes the next number).
 */
public final class FanProducer implements Runnable {
  /** How often each instance is sent a FAN: about three times its regions' work. */
  public static final Duration EVERY = Duration.ofSeconds(3);

  /** An acknowledged FAN. */
  public record Fan(String instanceId, long seq) {}

  private final Engine engine;
  private final Duration over;
  private final List<Fan> acknowledged = new ArrayList<>();
  private final Map<String, Long> nextSeq = new HashMap<>();

  public FanProducer(Engine engine, Duration over) {
    this.engine = engine;
    this.over = over;
  }

  @Override
  public void run() {
    List<String> ids = ChaosFanOut.ids();
    long gap = EVERY.toNanos() / ids.size();
    long start = System.nanoTime();
    for (long i = 0; System.nanoTime() - start < over.toNanos(); i++) {
      i = Math.max(i, (System.nanoTime() - start) / gap); // slots a slow enqueue missed are skipped
      long wait = start + i * gap - System.nanoTime();
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      String id = ids.get((int) (i % ids.size()));
      long seq = nextSeq.merge(id, 1L, Long::sum);
      try {
        engine.enqueue(id, Event.of(ChaosFanOut.FAN, Map.of(ChaosFanOut.SEQ, seq)));
        synchronized (acknowledged) {
          acknowledged.add(new Fan(id, seq));
        }
      } catch (RuntimeException e) {
        // not acknowledged: the database is restarting, or the orchestrator's connection reset
      }
    }
  }

  /** The FANs whose enqueue returned. */
  public List<Fan> acknowledged() {
    synchronized (acknowledged) {
      return List.copyOf(acknowledged);
    }
  }
}
