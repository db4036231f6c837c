/**
 * API: the in-memory {@link dev.clockwork.runtime.store.Store} ({@link
 * dev.clockwork.runtime.store.memory.InMemoryStore}), for tests, the test kit and demos; it passes
 * the same contract suites as the PostgreSQL store. Everything else in the package is its
 * internals: one package-private class per role, all sharing one state ({@code MemoryData}) and its
 * lock.
 */
package dev.clockwork.runtime.store.memory;
