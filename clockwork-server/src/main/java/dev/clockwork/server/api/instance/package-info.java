/**
 * The instance routes of the HTTP API: creating and listing instances, one instance with its
 * diagram and history, sending events (synchronously, or queued and answered {@code 202}) and
 * looking up a queued event, and conversations. Not API for Java callers: use {@code Engine}.
 */
package dev.clockwork.server.api.instance;
