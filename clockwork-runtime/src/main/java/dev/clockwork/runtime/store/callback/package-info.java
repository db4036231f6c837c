/**
 * SPI: the records the store's callbacks role ({@link dev.clockwork.runtime.store.CallbackStore})
 * keeps for the server: a callback registered with a queued API event, its state, and its delivery
 * attempts. The server delivers them; the stores only keep them.
 */
package dev.clockwork.runtime.store.callback;
