/**
 * API: imports and exports XState v5 machine JSON. {@link
 * dev.clockwork.definition.xstate.XStateFormat} reads a machine as {@code createMachine} takes it
 * (states, events, guarded branches, {@code after}, {@code always}, entry/exit, parallel and final
 * states, targets by sibling name, {@code .child} and {@code #id}) into the core's
 * MachineDefinition; guards and actions are resolved by name. What Clockwork cannot run the same
 * way (history, invoke, wildcards, parameterised behaviours) is refused with a {@link
 * dev.clockwork.definition.DefinitionFormatException}, never dropped. {@link
 * dev.clockwork.definition.xstate.XStateFormat#write} exports a machine in the same keys, refusing
 * what XState cannot run the same way with a {@link
 * dev.clockwork.definition.write.DefinitionExportException}.
 */
package dev.clockwork.definition.xstate;
