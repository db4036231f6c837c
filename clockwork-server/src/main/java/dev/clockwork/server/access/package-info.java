/**
 * Who may call the API: bearer tokens (kept as SHA-256 hashes), their {@link
 * dev.clockwork.server.access.Role} and the schedule namespaces each may see. API.
 */
package dev.clockwork.server.access;
