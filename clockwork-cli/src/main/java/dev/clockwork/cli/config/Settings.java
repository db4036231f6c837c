package dev.clockwork.cli.config;

import dev.clockwork.runtime.config.ClockworkConfig;

/**
 * What a command reads once before it runs: {@code clockwork.yaml} (or the defaults, when there is
 * no file) and the database it works on.
 *
 * @param file the parsed config file: queue settings, timers, the schedules' namespace
 * @param database where the database is, from a flag, the environment or the file
 */
public record Settings(ClockworkConfig file, DatabaseSettings database) {}
