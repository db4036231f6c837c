/** Tests of {@code clockwork dev}'s own PostgreSQL: recovering it after a crash. Not API. */
package dev.clockwork.cli.serve;
