/**
 * Not API: an engine's threads: the dispatcher that claims work for free worker threads, the
 * heartbeat, periodic tasks, backpressure.
 */
package dev.clockwork.runtime.internal.worker;
