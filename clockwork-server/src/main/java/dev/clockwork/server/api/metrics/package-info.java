/**
 * {@code GET /metrics}: the engine's Micrometer metrics in Prometheus text. Internal to the server.
 */
package dev.clockwork.server.api.metrics;
