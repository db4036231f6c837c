package dev.clockwork.runtime.health;

/**
 * One line of a health report.
 *
 * @param subject what was checked, e.g. {@code order queue} or {@code order dead letters}
 * @param level its level
 * @param detail the figures, e.g. {@code 45 pending, > 30 threshold}
 */
public record HealthCheck(String subject, HealthLevel level, String detail) {}
