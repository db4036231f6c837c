/**
 * Armed timers over HTTP: all, due soon, overdue ({@code GET /api/timers}). Internal to the server.
 */
package dev.clockwork.server.api.timer;
