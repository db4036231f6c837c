/**
 * API: the schedule audit stream: event types, rows, command context, and the payload contract
 * every write is checked against.
 */
package dev.clockwork.schedule.audit;
