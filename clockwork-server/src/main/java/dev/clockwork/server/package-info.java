/**
 * Clockwork's HTTP server: the JSON API and the dashboard over one {@link
 * dev.clockwork.runtime.Engine}. API: {@link dev.clockwork.server.ClockworkServer} and its builder.
 * The server is a thin surface — every route calls a runtime API a Java user could call too.
 */
package dev.clockwork.server;
