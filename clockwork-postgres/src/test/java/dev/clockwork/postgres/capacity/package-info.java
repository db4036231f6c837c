/** The README's capacity model, measured against an embedded PostgreSQL of its own (tests only). */
package dev.clockwork.postgres.capacity;
