/**
 * The engine through PgBouncer in transaction mode (Debian's {@code pgbouncer} binary): a test, not
 * API.
 */
package dev.clockwork.postgres.pgbouncer;
