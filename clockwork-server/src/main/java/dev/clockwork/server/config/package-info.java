/**
 * API: the {@code server:} block of {@code clockwork.yaml} — where {@code clockwork server}
 * listens, its API tokens and its callbacks — read through the engine's one settings reader.
 */
package dev.clockwork.server.config;
