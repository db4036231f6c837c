/**
 * Not API: the {@code clockwork} command line ({@link dev.clockwork.cli.Main}), which builds its
 * commands (in {@code command} and {@code serve}) on what they reach the outside world through
 * ({@code environment}).
 */
package dev.clockwork.cli;
