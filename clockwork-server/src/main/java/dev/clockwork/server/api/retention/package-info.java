/**
 * {@code GET /api/retention}: what this node's retention passes removed and what is left to do, for
 * the dashboard's overview. Internal to the server.
 */
package dev.clockwork.server.api.retention;
