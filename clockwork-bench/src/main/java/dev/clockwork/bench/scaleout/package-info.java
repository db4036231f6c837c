/**
 * The scale-out benchmark ({@code clockwork-bench/run scaleout}): 1, 2, 4 and 8 engine processes on
 * one PostgreSQL at the same offered load, and what each node costs the database. Not API.
 */
package dev.clockwork.bench.scaleout;
