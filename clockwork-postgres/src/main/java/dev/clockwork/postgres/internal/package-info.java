/**
 * The PostgreSQL store's parts, one class per table group with its SQL as text blocks. Not API:
 * anything here may change without notice.
 */
package dev.clockwork.postgres.internal;
