/**
 * API: the auto-configuration of Clockwork in a Spring Boot application, and {@link
 * dev.clockwork.spring.boot.autoconfigure.ClockworkEngineCustomizer}, the hook for settings no
 * property covers.
 */
package dev.clockwork.spring.boot.autoconfigure;
