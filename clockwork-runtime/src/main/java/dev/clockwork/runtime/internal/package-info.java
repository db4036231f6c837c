/**
 * Not API: the turn lifecycle (lease, load, macrostep, settle, commit, release, wake), chains of
 * turns, group commit, synchronous emits and what a step asks of other instances.
 */
package dev.clockwork.runtime.internal;
