/**
 * Test support (in the runtime's test jar): forwarding bases, one per store role plus {@link
 * dev.clockwork.runtime.store.forwarding.ForwardingStore} for the bundle. A store that injects
 * faults or watches calls subclasses them and overrides only what it changes — no hand-written
 * forwarding of a whole store, no dynamic proxies.
 */
package dev.clockwork.runtime.store.forwarding;
