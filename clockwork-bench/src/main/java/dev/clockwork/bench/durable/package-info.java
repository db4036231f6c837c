/**
 * The {@code durable} command: Clockwork's durable path against db-scheduler and a raw JDBC
 * ceiling, latency, timers at scale and timer lateness. Not API.
 */
package dev.clockwork.bench.durable;
