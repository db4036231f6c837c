/**
 * API: the rules every entry applies to what a caller hands the engine — ids (at most {@value
 * dev.clockwork.core.input.InputRules#MAX_ID_LENGTH} characters, NFC, no NUL), texts and values (no
 * NUL), and the names the engine keeps for itself ({@link dev.clockwork.core.input.ReservedNames}):
 * instance ids of schedule runs and child machines, and its internal events. One validator, used by
 * the Java API, the HTTP API and the CLI alike.
 */
package dev.clockwork.core.input;
