/**
 * Not API: the engine's retention pass, which the workers run every {@code
 * workers.retention_interval}: it removes, through the store's {@link
 * dev.clockwork.runtime.store.RetentionStore}, what the {@code retention} settings no longer keep,
 * one node at a time, in small batches, with the engine's clock.
 */
package dev.clockwork.runtime.internal.retention;
