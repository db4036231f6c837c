/**
 * Not API: how region jobs run — one leased job at a time ({@code RegionJobRunner}, its action
 * {@code RegionAction}), for how long each machine's jobs are leased ({@code JobLeases}), an
 * engine's region job threads ({@code RegionJobWorkers}), and the engine's {@code RegionJobs} on
 * them.
 */
package dev.clockwork.runtime.internal.parallel;
