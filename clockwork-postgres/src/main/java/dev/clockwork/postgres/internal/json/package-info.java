/** How the PostgreSQL store writes snapshots, events and values as JSON. Not API. */
package dev.clockwork.postgres.internal.json;
