/**
 * Writes a built {@link dev.clockwork.core.definition.MachineDefinition} back into the data the
 * readers read (plain maps and lists, in the keys of {@code machine.schema.json}). Internal: use
 * {@link dev.clockwork.definition.MachineFormat#write}; {@link
 * dev.clockwork.definition.write.DefinitionExportException} is API.
 */
package dev.clockwork.definition.write;
