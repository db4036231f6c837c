/**
 * Not API: a command's settings, read once: {@code clockwork.yaml} through the engine's own reader
 * ({@code Settings}) and the database from a flag, the environment or that file.
 */
package dev.clockwork.cli.config;
