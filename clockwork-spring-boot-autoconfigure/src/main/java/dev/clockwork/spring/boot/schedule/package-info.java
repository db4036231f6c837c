/**
 * API: schedules declared by the application — {@code ScheduleRequest} beans and {@code
 * clockwork.schedules.definitions.*} — created or brought up to date when the engine starts.
 */
package dev.clockwork.spring.boot.schedule;
