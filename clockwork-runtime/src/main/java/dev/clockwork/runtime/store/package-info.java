/**
 * SPI: where instances, their queues, history and timers live. A {@link
 * dev.clockwork.runtime.store.Store} is the one object per database that a user hands the engine;
 * it hands out the store's roles ({@link dev.clockwork.runtime.store.InstanceStore}, {@link
 * dev.clockwork.runtime.store.QueueStore}, {@link dev.clockwork.runtime.store.WorkStore}, {@link
 * dev.clockwork.runtime.store.QueueAdminStore}, {@link dev.clockwork.runtime.store.ActivityStore},
 * {@link dev.clockwork.runtime.store.OperatorLogStore}, {@link
 * dev.clockwork.runtime.store.RegionJobStore}, {@link dev.clockwork.runtime.store.CallbackStore},
 * {@link dev.clockwork.runtime.store.RetentionStore}), each a small interface, and the records a
 * store exchanges with the engine live beside them. Implement it only to add a storage backend;
 * both shipped stores pass the same contract suites.
 */
package dev.clockwork.runtime.store;
