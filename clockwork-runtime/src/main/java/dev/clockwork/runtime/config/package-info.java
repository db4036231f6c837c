/**
 * API: how an engine is configured. {@link dev.clockwork.runtime.config.Settings} is every setting
 * resolved once — the defaults, then {@code clockwork.yaml} (or Spring Boot's properties), then
 * code ({@link dev.clockwork.runtime.config.SettingsBuilder}, named as the file names each key) —
 * and {@link dev.clockwork.runtime.config.ConfigBlock} reads a block of it with errors naming the
 * file, line and key.
 */
package dev.clockwork.runtime.config;
