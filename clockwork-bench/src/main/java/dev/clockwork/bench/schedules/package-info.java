/** The {@code schedules} command: next-fire computation and schedule ticks at scale. Not API. */
package dev.clockwork.bench.schedules;
