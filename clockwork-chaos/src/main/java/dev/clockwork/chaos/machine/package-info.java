/**
 * The test machine the workers run ({@link dev.clockwork.chaos.machine.ChaosMachine}), the machines
 * it reaches (its child, its peer, the broadcast receivers), the run's schedule and the machine it
 * starts, and the one engine configuration of a run ({@link
 * dev.clockwork.chaos.machine.ChaosEngine}). Not API.
 */
package dev.clockwork.chaos.machine;
