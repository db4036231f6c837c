/** API: the in-memory schedule store, for tests, the test kit and demos. */
package dev.clockwork.schedule.store.memory;
