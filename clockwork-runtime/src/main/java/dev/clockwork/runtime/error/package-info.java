/**
 * API: what the engine throws for a caller's mistake or an event's failure: unknown instances,
 * machines and events, failed and timed-out events.
 */
package dev.clockwork.runtime.error;
