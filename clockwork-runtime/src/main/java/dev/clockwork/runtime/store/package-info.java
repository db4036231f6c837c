/**
 * SPI: where instances, their queues, history and timers live ({@link
 * dev.clockwork.runtime.store.Store}), and the records a store exchanges with the engine. Implement
 * it only to add a storage backend; both shipped stores pass the same contract suites.
 */
package dev.clockwork.runtime.store;
