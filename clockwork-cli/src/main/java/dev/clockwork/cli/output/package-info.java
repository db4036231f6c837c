/** Not API: how commands print: aligned or boxed tables for people, JSON for scripts. */
package dev.clockwork.cli.output;
