/**
 * SPI helpers: the rules every store applies the same way, written once and used by both shipped
 * stores — which commit groups are refused ({@link
 * dev.clockwork.runtime.store.rule.CommitDecision}) and where a queued event is now ({@link
 * dev.clockwork.runtime.store.rule.EventStatusRule}). A new store backend uses them too.
 */
package dev.clockwork.runtime.store.rule;
