/**
 * The built-in actions a definition writes as data ({@code {raise: CHARGED}}): each is an {@link
 * dev.clockwork.core.behavior.Action} that also knows how it is written, so an exported definition
 * writes it back. Internal to the module.
 */
package dev.clockwork.definition.action;
