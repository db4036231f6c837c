/**
 * Not API: the {@code clockwork} command line ({@link dev.clockwork.cli.Main}) and what its
 * commands reach the outside world through ({@link dev.clockwork.cli.CliEnvironment}): environment,
 * output, clock, the database ({@link dev.clockwork.cli.Stores}, opened by the one PostgreSQL-aware
 * class) and the machines on the classpath.
 */
package dev.clockwork.cli;
