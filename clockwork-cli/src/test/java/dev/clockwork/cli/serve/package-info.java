/**
 * Tests of {@code clockwork dev}'s own parts: recovering its PostgreSQL after a crash, and what it
 * seeds. Not API.
 */
package dev.clockwork.cli.serve;
