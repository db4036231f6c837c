/**
 * Not API: how the command line answers a mistake in what was typed — an unknown command or option
 * with the nearest one, a bad value naming the option and the fix — always with the command's usage
 * and exit code 2, before anything runs.
 */
package dev.clockwork.cli.usage;
