/**
 * Clockwork's reliability harness (issue 11): worker JVMs on one PostgreSQL, faults injected,
 * invariants counted through the public API. Run by {@code clockwork-chaos/run}; not API.
 */
package dev.clockwork.chaos;
