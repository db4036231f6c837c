/**
 * The two {@link dev.clockwork.server.callback.CallbackStore}s (API): {@link
 * dev.clockwork.server.callback.store.PostgresCallbackStore} on the engine's PostgreSQL database
 * (tables {@code cw_callbacks} and {@code cw_callback_deliveries}, created by Clockwork's
 * migrations), and {@link dev.clockwork.server.callback.store.MemoryCallbackStore} for a server
 * over an in-memory engine.
 */
package dev.clockwork.server.callback.store;
