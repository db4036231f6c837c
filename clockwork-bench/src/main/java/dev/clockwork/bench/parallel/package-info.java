/**
 * The {@code parallel} command: parallel dispatch on embedded PostgreSQL — two slow regions with
 * dispatch on and off, and the throughput and per-job engine time of many region jobs. Not API.
 */
package dev.clockwork.bench.parallel;
