/**
 * API: operating the queues (status, pause/resume, dead letters, purges, health) and the processing
 * times health is measured from.
 */
package dev.clockwork.runtime.admin;
