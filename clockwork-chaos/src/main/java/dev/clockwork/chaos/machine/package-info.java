/**
 * The test machine the workers run ({@link dev.clockwork.chaos.machine.ChaosMachine}) and the one
 * engine configuration of a run ({@link dev.clockwork.chaos.machine.ChaosEngine}). Not API.
 */
package dev.clockwork.chaos.machine;
