/** One chaos run from start to verdict ({@link dev.clockwork.chaos.run.ChaosRun}). Not API. */
package dev.clockwork.chaos.run;
