/**
 * Internal: turns a definition file's tree into calls on the core's builder ({@code
 * dev.clockwork.core.definition.Machine}), so a machine read from data is checked and compiled
 * exactly like one written in Java. Knows which keys each place allows ({@link
 * dev.clockwork.definition.read.FormatKeys}) and where each state path was written, to locate the
 * builder's errors in the text. Not API: use {@code dev.clockwork.definition.MachineFormat}.
 */
package dev.clockwork.definition.read;
