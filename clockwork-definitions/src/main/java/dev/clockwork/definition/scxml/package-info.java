/**
 * API: exports a machine as W3C SCXML 1.0 ({@link dev.clockwork.definition.scxml.ScxmlFormat}),
 * with the JDK's XML APIs. Where SCXML has no form for something Clockwork does (named behaviours,
 * recurring and calendar timers, emits, child machines) the document says it with elements and
 * attributes of the {@code clockwork:} namespace, never leaves it out.
 */
package dev.clockwork.definition.scxml;
