package dev.clockwork.chaos.producer;

import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Sends the plan through {@link Engine#enqueue}, spread evenly over a duration, one thread (so one
 * instance's events are enqueued in the order of their sequence numbers). An enqueue that throws is
 * not acknowledged; it is tried again with the next sequence number until it returns or {@link
 * #GIVE_UP_AFTER} has passed.
 */
public final class Producer implements Runnable {
  static final Duration GIVE_UP_AFTER = Duration.ofSeconds(60);
  private static final long RETRY_PAUSE_MS = 200;

  private final Engine engine;
  private final EventPlan plan;
  private final Duration over;
  private final Ledger ledger;
  private final Map<String, Long> nextSeq = new HashMap<>();
  private volatile int givenUp;

  public Producer(Engine engine, EventPlan plan, Duration over, Ledger ledger) {
    this.engine = engine;
    this.plan = plan;
    this.over = over;
    this.ledger = ledger;
  }

  @Override
  public void run() {
    long start = System.nanoTime();
    long gap = over.toNanos() / Math.max(1, plan.events().size());
    for (int i = 0; i < plan.events().size(); i++) {
      long wait = start + i * gap - System.nanoTime();
      if (wait > 0 && !pause(wait / 1_000_000)) {
        return;
      }
      send(plan.events().get(i));
    }
  }

  /** Planned events given up on after {@link #GIVE_UP_AFTER} of failed enqueues. */
  public int givenUp() {
    return givenUp;
  }

  private void send(EventPlan.Planned planned) {
    long deadline = System.nanoTime() + GIVE_UP_AFTER.toNanos();
    while (System.nanoTime() < deadline) {
      long seq = nextSeq.merge(planned.instanceId(), 1L, Long::sum);
      try {
        QueuedEvent queued =
            engine.enqueue(
                planned.instanceId(),
                Event.of(planned.kind().name(), Map.of(ChaosMachine.SEQ, seq)));
        ledger.acknowledged(
            new Ledger.Acknowledged(planned.instanceId(), seq, planned.kind(), queued.id()));
        return;
      } catch (RuntimeException e) {
        ledger.unacknowledged();
        if (!pause(RETRY_PAUSE_MS)) {
          return;
        }
      }
    }
    givenUp++;
  }

  private static boolean pause(long millis) {
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
