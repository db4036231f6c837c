/**
 * The operator audit over HTTP: {@link dev.clockwork.server.api.audit.Audit} records each operator
 * action of a request with its caller's principal and request id (in the engine's durable operator
 * log), {@code GET /api/audit} reads it back (admin). Internal to the server.
 */
package dev.clockwork.server.api.audit;
