package dev.clockwork.cli.output;

/** How a command prints: a table for people or JSON for scripts. */
public enum OutputFormat {
  TABLE,
  JSON
}
