/**
 * API: how an engine is configured: {@code clockwork.yaml} ({@link
 * dev.clockwork.runtime.config.ClockworkConfig}), per-machine queue and parallel dispatch settings
 * and {@link dev.clockwork.runtime.config.EngineOptions}; code wins over the file, the file over
 * the defaults.
 */
package dev.clockwork.runtime.config;
