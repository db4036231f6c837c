/**
 * The runtime's contract suites (store, claims, commits, broadcasts, event fate, queue operations,
 * engine, conversations, concurrency, timer failures, traceability, crash points) subclassed once
 * each for the PostgreSQL store.
 */
package dev.clockwork.postgres.contract;
