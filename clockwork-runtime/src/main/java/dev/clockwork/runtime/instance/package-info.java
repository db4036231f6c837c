/**
 * API: what an instance carries besides its state — the queue it is served from, its labels, search
 * attributes and memo — and the requests about instances: one to create ({@link
 * dev.clockwork.runtime.instance.NewInstance}), which instances to list ({@link
 * dev.clockwork.runtime.instance.InstanceQuery}) and which history rows to read ({@link
 * dev.clockwork.runtime.instance.HistoryQuery}).
 */
package dev.clockwork.runtime.instance;
