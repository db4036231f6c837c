/**
 * How schedules fire: evaluation, overlap and catch-up decisions, bookkeeping and writes. Not API:
 * anything here may change without notice.
 */
package dev.clockwork.schedule.internal;
