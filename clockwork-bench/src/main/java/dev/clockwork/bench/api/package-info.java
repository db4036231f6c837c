/**
 * The HTTP API benchmark: queued sends under an open-loop load, and the list endpoints over a large
 * database. Not API.
 */
package dev.clockwork.bench.api;
