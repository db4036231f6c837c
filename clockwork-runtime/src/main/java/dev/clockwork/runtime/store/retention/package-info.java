/**
 * SPI: the values of the store's {@link dev.clockwork.runtime.store.RetentionStore} role — which
 * machines a purge covers, what it removed, how far a history trim got and how old the oldest rows
 * are.
 */
package dev.clockwork.runtime.store.retention;
