/**
 * Schedules over HTTP, scoped by the {@code X-Namespace} header: list, describe with upcoming
 * fires, create, update, pause, resume, trigger, backfill, delete and the audit history with cursor
 * pagination; every command carries the caller's command context. Internal to the server: the
 * runtime's {@code Schedules} is the API.
 */
package dev.clockwork.server.api.schedule;
