/**
 * API: the engine and what it groups — {@link dev.clockwork.runtime.Engine} (built by {@link
 * dev.clockwork.runtime.Engine.Builder}) creates instances and takes their events; {@link
 * dev.clockwork.runtime.Machines}, {@link dev.clockwork.runtime.Instances}, {@link
 * dev.clockwork.runtime.Admin} and {@link dev.clockwork.runtime.EngineTasks} are its operations
 * grouped where a user looks for them; {@link dev.clockwork.runtime.Instance}, {@link
 * dev.clockwork.runtime.SendResult} and {@link dev.clockwork.runtime.CreateOutcome} are what they
 * answer.
 */
package dev.clockwork.runtime;
