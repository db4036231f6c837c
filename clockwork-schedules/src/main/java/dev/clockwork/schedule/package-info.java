/**
 * API: named, durable cron and interval schedules that start machine instances or send events to
 * one (the {@code clockwork-schedules} module, built on the engine's public API only). Start at
 * {@link dev.clockwork.schedule.Schedules}; requests are built with {@link
 * dev.clockwork.schedule.ScheduleRequest} and changed with {@link
 * dev.clockwork.schedule.ScheduleUpdate}. Schedules live in a {@link
 * dev.clockwork.schedule.store.ScheduleStore}: in memory by default, or PostgreSQL's from {@code
 * clockwork-postgres}.
 */
package dev.clockwork.schedule;
