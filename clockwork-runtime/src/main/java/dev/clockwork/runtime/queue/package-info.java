/**
 * API: values of the per-instance queues: queued events, priorities, leases, retry policies,
 * attempt errors, dead letters, event statuses.
 */
package dev.clockwork.runtime.queue;
