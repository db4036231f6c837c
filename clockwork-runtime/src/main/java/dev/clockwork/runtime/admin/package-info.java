/**
 * API: operating the queues (status, pause/resume, dead letters, purges, health, queued events),
 * the processing times health is measured from, and the queue activity (completed events,
 * throughput, average processing time by the minute) engines report to the store.
 */
package dev.clockwork.runtime.admin;
