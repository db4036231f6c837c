/**
 * Worker JVMs: {@link dev.clockwork.chaos.worker.WorkerMain} runs in each, {@link
 * dev.clockwork.chaos.worker.WorkerFleet} starts, kills and restarts them. Not API.
 */
package dev.clockwork.chaos.worker;
