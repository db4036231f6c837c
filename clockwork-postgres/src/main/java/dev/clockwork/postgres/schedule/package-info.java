/**
 * Schedules in PostgreSQL: {@link dev.clockwork.postgres.schedule.PostgresScheduleStore}, the
 * {@link dev.clockwork.schedule.store.ScheduleStore} for any number of nodes on one database.
 */
package dev.clockwork.postgres.schedule;
