package dev.clockwork.runtime.queue;

import java.time.Instant;

/**
 * An event that failed for good: it left its queue so the instance could move on, and waits here
 * for an operator to inspect, retry or purge it.
 *
 * @param id the dead letter's id
 * @param event the event as it was when it failed last, with every attempt's error
 * @param deadAt when it was moved here
 */
public record DeadLetter(long id, QueuedEvent event, Instant deadAt) {}
