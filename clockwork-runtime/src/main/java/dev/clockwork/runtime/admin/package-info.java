/**
 * API: operating the queues (status, pause/resume, dead letters, purges, health, queued events,
 * stuck events), the processing times health is measured from, the queue activity (completed
 * events, throughput, average processing time by the minute) engines report to the store, the armed
 * timers, and the durable operator audit.
 */
package dev.clockwork.runtime.admin;
