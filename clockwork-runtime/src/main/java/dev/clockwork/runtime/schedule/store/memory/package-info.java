/** The in-memory schedule store, for tests, the test kit and demos. */
package dev.clockwork.runtime.schedule.store.memory;
