/**
 * The HTTP plumbing every route shares: problem+json errors, the JSON mapping, cursors, query
 * parameters. API for route modules.
 */
package dev.clockwork.server.http;
