/**
 * The behaviours a definition writes as data and which need no code: the built-in actions ({@code
 * {raise: CHARGED}}, {@code assign}, {@code emit}), each an {@link
 * dev.clockwork.core.behavior.Action} that also knows how it is written, and a child's {@code
 * input} ({@link dev.clockwork.definition.action.InputMapping}). An exported definition writes them
 * back. Internal to the module.
 */
package dev.clockwork.definition.action;
