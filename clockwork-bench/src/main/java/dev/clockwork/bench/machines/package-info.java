/**
 * The equivalent machines of the JMH benchmarks, in Clockwork, Spring Statemachine and
 * squirrel-foundation. Not API.
 */
package dev.clockwork.bench.machines;
