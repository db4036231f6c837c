/**
 * The checker: what is read back through the public API after a run ({@link
 * dev.clockwork.chaos.check.Observer}), the invariant counts ({@link
 * dev.clockwork.chaos.check.Checker}, {@link dev.clockwork.chaos.check.Verdict}) and the wait for
 * the queues to drain. Not API.
 */
package dev.clockwork.chaos.check;
