/**
 * {@code GET /api/stream}: server-sent events for the dashboard's live views — the queues array
 * whenever events are enqueued or processed (coalesced, at most one push per interval) and the ids
 * of instances that changed. Fed by an {@link dev.clockwork.runtime.listener.EngineListener}
 * subscribed while a client is connected. Internal to the server.
 */
package dev.clockwork.server.stream;
