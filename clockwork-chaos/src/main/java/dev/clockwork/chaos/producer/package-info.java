/**
 * The producer: a seeded event plan, sent through {@code Engine.enqueue}, and the ledger of the
 * enqueues that were acknowledged. Not API.
 */
package dev.clockwork.chaos.producer;
