/**
 * API: the operator audit's records — who ({@link dev.clockwork.runtime.audit.Operator}) did what
 * ({@link dev.clockwork.runtime.audit.OperatorAction}). The log itself is {@link
 * dev.clockwork.runtime.admin.OperatorLog} ({@code engine.admin().operatorLog()}), kept in the
 * engine's store so every node and every surface (HTTP API, CLI, Java callers) shares one.
 */
package dev.clockwork.runtime.audit;
