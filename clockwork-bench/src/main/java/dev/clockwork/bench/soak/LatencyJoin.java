package dev.clockwork.bench.soak;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Joins each event's enqueue instant (known once {@code Engine.enqueue} returns its id) with the
 * instant the engine reported it committed, in whichever order they arrive (a quick engine reports
 * before the producer has the id back), and hands the enqueue → committed nanos on.
 */
final class LatencyJoin {
  /** One side of an event, waiting for the other. */
  private record Seen(boolean enqueue, long nanos) {}

  /** The nanos of an engine's side that reports an event not applied. */
  private static final long NOT_APPLIED = Long.MIN_VALUE;

  private final ConcurrentHashMap<Long, Seen> pending = new ConcurrentHashMap<>();
  private final AtomicLong joined = new AtomicLong();
  private final LongConsumer latency;

  /**
   * @param latency takes each joined event's enqueue → committed nanos
   */
  LatencyJoin(LongConsumer latency) {
    this.latency = latency;
  }

  /** The producer's side: event {@code id} was enqueued at {@code nanos} (System.nanoTime). */
  void enqueued(long id, long nanos) {
    meet(id, new Seen(true, nanos));
  }

  /** The engine's side: event {@code id} was reported committed at {@code nanos}. */
  void committed(long id, long nanos) {
    meet(id, new Seen(false, nanos));
  }

  /** The engine's side of an event that was not applied: it joins, with no latency. */
  void notApplied(long id) {
    meet(id, new Seen(false, NOT_APPLIED));
  }

  /** Events seen on one side only so far. */
  int waiting() {
    return pending.size();
  }

  /** Events whose both sides met. */
  long joined() {
    return joined.get();
  }

  private void meet(long id, Seen seen) {
    Seen[] other = new Seen[1];
    pending.compute(
        id,
        (key, waiting) -> {
          if (waiting == null) {
            return seen;
          }
          other[0] = waiting;
          return null;
        });
    if (other[0] == null) {
      return;
    }
    Seen enqueue = seen.enqueue() ? seen : other[0];
    Seen commit = seen.enqueue() ? other[0] : seen;
    joined.incrementAndGet();
    if (commit.nanos() != NOT_APPLIED) {
      latency.accept(commit.nanos() - enqueue.nanos());
    }
  }
}
