/**
 * The one report every command writes (facts, sections, targets), its one table renderer and number
 * formats, and the JMH score tables. Not API.
 */
package dev.clockwork.bench.report;
