/**
 * The PostgreSQL store's callbacks role: the server's callbacks of queued API events in {@code
 * cw_callbacks} and {@code cw_callback_deliveries}, their SQL as text blocks. Not API.
 */
package dev.clockwork.postgres.internal.callback;
