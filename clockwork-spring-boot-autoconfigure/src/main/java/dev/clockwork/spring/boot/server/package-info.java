/**
 * Clockwork's own HTTP API and dashboard in a Spring Boot application ({@code
 * clockwork.server.enabled=true}): the server built from the {@code server:} block of the engine's
 * settings over the application's engine and schedules, started after the engine's workers and
 * stopped before them, with the context.
 */
package dev.clockwork.spring.boot.server;
