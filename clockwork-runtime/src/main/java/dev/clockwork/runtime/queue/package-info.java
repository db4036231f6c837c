/**
 * API: values of the per-instance queues: queued events, priorities, leases, retry policies,
 * backoffs, attempt errors, dead letters, event statuses.
 */
package dev.clockwork.runtime.queue;
