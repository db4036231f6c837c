/**
 * Clockwork's tables and their migrations: {@link
 * dev.clockwork.postgres.schema.ClockworkMigrations}.
 */
package dev.clockwork.postgres.schema;
