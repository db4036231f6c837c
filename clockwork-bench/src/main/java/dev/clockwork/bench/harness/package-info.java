/**
 * What the PostgreSQL benchmarks share: the embedded server and its databases, the listener that
 * measures engines, the database profiles, the common options. Not API.
 */
package dev.clockwork.bench.harness;
