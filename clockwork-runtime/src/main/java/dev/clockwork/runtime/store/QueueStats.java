package dev.clockwork.runtime.store;

import java.time.Instant;

/**
 * One machine's queue at a glance.
 *
 * @param machine the machine
 * @param pending events waiting in its instances' queues
 * @param processing instances leased by a worker right now
 * @param deadLetters events in the dead letter queue
 * @param paused whether its queue is paused
 * @param oldestPending when the oldest waiting event was enqueued, null when none waits
 */
public record QueueStats(
    String machine,
    long pending,
    long processing,
    long deadLetters,
    boolean paused,
    Instant oldestPending) {}
