/**
 * The HTTP plumbing every route shares: problem+json errors, the JSON mapping, cursors, query
 * parameters and the role-aware {@link dev.clockwork.server.http.Router}. API for route modules.
 */
package dev.clockwork.server.http;
