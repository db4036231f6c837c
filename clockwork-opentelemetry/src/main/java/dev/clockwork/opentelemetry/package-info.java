/**
 * API: tracing an engine with OpenTelemetry, through its API only ({@link
 * dev.clockwork.opentelemetry.ClockworkTracing}, an engine listener). Without an SDK it does
 * nothing.
 */
package dev.clockwork.opentelemetry;
