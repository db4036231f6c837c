/**
 * API: Clockwork in Spring Boot's actuator — a health indicator from the queues' alert thresholds
 * (on Boot 3.5's and Boot 4's health APIs alike) and the read-only {@code clockwork} endpoint
 * listing queues, dead letters and schedules.
 */
package dev.clockwork.spring.boot.actuate;
