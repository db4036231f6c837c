/**
 * API: what schedule commands report — a tick's or a backfill's row per occurrence, what a manual
 * trigger or a tick did with it, and what deploying a machine's timer start events changed.
 */
package dev.clockwork.schedule.outcome;
