/**
 * The {@code queues} command: priority, concurrency caps, slow actions and poisoned events, drained
 * from seeded copies. Not API.
 */
package dev.clockwork.bench.queues;
