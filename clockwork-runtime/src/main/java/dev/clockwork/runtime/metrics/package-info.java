/**
 * API: the queue seed's metrics through Micrometer, as an {@link
 * dev.clockwork.runtime.listener.EngineListener}.
 */
package dev.clockwork.runtime.metrics;
