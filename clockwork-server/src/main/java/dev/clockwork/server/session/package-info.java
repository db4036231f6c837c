/**
 * The dashboard's login routes: a token exchanged once at {@code POST /api/session} for an opaque
 * session id kept server-side ({@link dev.clockwork.server.access.Sessions}) and sent back as an
 * HttpOnly, SameSite=Strict cookie, so no script on the page can read the token. Internal to the
 * server.
 */
package dev.clockwork.server.session;
