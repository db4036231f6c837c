/**
 * The PostgreSQL store's retention role: purging finished instances with everything they own,
 * trimming running instances' history, and removing old idempotency keys, settled callbacks and
 * operator log entries, each in bounded batches, their SQL as text blocks. Not API.
 */
package dev.clockwork.postgres.internal.retention;
