/**
 * Schedules: named, durable cron and interval schedules that start machine instances or send events
 * to one. Start at {@link dev.clockwork.runtime.schedule.Schedules}; requests are built with {@link
 * dev.clockwork.runtime.schedule.ScheduleRequest} and changed with {@link
 * dev.clockwork.runtime.schedule.ScheduleUpdate}.
 */
package dev.clockwork.runtime.schedule;
