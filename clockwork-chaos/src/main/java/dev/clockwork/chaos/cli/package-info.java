/** The harness's command line, {@code clockwork-chaos/run}. Not API. */
package dev.clockwork.chaos.cli;
