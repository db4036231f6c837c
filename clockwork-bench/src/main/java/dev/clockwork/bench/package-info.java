/**
 * The benchmark harness: {@link dev.clockwork.bench.Bench}, run by {@code clockwork-bench/run
 * COMMAND}, and the JMH benchmarks of the pure interpreter. Not API.
 */
package dev.clockwork.bench;
