/**
 * Not API: one picocli command per class (or a group's small subcommands together), each opening
 * what it needs through {@code OpenDatabase}, {@code QueueContext} or {@code ScheduleSession} and
 * printing a table for people or JSON for scripts.
 */
package dev.clockwork.cli.command;
