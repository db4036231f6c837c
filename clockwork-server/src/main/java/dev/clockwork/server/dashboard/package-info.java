/**
 * The dashboard: static HTML, CSS and JavaScript modules served from the server's jar under {@code
 * /dashboard/}, with Mermaid from its WebJar under {@code /webjars/}; no build step and no CDN. The
 * page logs in through {@code /api/session} and reads the same API as everyone else. Internal to
 * the server.
 */
package dev.clockwork.server.dashboard;
