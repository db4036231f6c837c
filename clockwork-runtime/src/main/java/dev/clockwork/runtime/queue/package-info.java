/**
 * API: values of the per-instance queues: event requests, queued events, priorities, leases, retry
 * policies, backoffs, attempt errors, dead letters, event statuses.
 */
package dev.clockwork.runtime.queue;
