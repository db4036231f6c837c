/**
 * API: what an engine reports as it works ({@link dev.clockwork.runtime.listener.EngineListener}),
 * for metrics, tracing and benchmarks.
 */
package dev.clockwork.runtime.listener;
