/** The run's PostgreSQL server, which faults stop, start and cut connections to. Not API. */
package dev.clockwork.chaos.postgres;
