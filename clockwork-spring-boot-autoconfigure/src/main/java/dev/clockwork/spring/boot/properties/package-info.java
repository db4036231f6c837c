/**
 * API: the {@code clockwork.*} properties of a Spring Boot application — the keys of {@code
 * clockwork.yaml} (queue defaults and per-machine overrides, parallel dispatch, timers, schedules)
 * plus the workers and the database — and how they become the engine's one configuration model.
 */
package dev.clockwork.spring.boot.properties;
