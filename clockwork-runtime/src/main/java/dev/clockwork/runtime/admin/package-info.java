/**
 * API: operating the queues (status, pause/resume, dead letters, purges, health, stuck events), the
 * processing times health is measured from, the armed timers, and the durable operator audit.
 */
package dev.clockwork.runtime.admin;
