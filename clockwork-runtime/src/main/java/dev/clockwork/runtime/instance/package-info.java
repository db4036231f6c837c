/**
 * API: what an instance carries besides its state — the queue it is served from, its labels, search
 * attributes and memo — how to give them to a new instance ({@link
 * dev.clockwork.runtime.instance.CreateOptions}) and how to find instances by them ({@link
 * dev.clockwork.runtime.instance.InstanceQuery}).
 */
package dev.clockwork.runtime.instance;
