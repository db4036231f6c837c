/**
 * API: the {@code clockwork.*} properties of a Spring Boot application — the keys of {@code
 * clockwork.yaml} (queue defaults and per-machine overrides, parallel dispatch, timers, schedules,
 * workers, retention, the HTTP server) plus Spring's own switches (enabled, auto-startup, the
 * schedules' tick and declared schedules, the database's migration, whether the HTTP server runs) —
 * and how they become the file level of the engine's one settings model.
 */
package dev.clockwork.spring.boot.properties;
