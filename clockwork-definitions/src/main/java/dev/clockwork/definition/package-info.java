/**
 * API: machines as data. {@link dev.clockwork.definition.MachineFormat} reads a machine written in
 * YAML or JSON (the format described by {@code machine.schema.json} in this package's resources)
 * into the core's {@link dev.clockwork.core.definition.MachineDefinition}, through the same builder
 * Java definitions use; guards, actions and timer values are named and resolved in a {@link
 * dev.clockwork.core.behavior.Behaviors} registry. Mistakes are {@link
 * dev.clockwork.definition.DefinitionFormatException}s naming the file, line, column, state path
 * and the fix.
 */
package dev.clockwork.definition;
