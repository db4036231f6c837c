/**
 * The {@link dev.clockwork.runtime.schedule.store.ScheduleStore} SPI and the rows it keeps.
 * Implement it only to add a storage backend; run the contract tests against it.
 */
package dev.clockwork.runtime.schedule.store;
