/**
 * {@code GET /api/openapi.json}: the OpenAPI 3.1 document of the whole API, a hand-written resource
 * that a test keeps in step with the routes the server registers. Internal to the server.
 */
package dev.clockwork.server.api.openapi;
