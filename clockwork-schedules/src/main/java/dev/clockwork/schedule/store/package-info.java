/**
 * SPI: the {@link dev.clockwork.schedule.store.ScheduleStore} role and the rows it keeps. Implement
 * it only to add a storage backend; run the contract tests of this module's test-jar against it.
 */
package dev.clockwork.schedule.store;
