package dev.clockwork.cli.config;

import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.config.ServerConfig;

/**
 * What a command reads once before it runs: {@code clockwork.yaml} (or the defaults, when there is
 * no file) and the database it works on.
 *
 * @param file the file's settings: queues, timers, workers, the schedules' namespace
 * @param server the file's {@code server:} block
 * @param database where the database is, from a flag, the environment or the file
 */
public record CommandSettings(Settings file, ServerConfig server, DatabaseSettings database) {}
