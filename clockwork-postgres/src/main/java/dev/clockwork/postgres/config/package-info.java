/** API: the {@code database:} block of {@code clockwork.yaml}, read through the engine's reader. */
package dev.clockwork.postgres.config;
