/**
 * API: the {@code clockwork.*} keys the starter knows, derived from its properties classes, and the
 * check that stops the start on any other key under {@code clockwork.} (a misspelling Spring would
 * otherwise ignore), naming the key as written, where it was written and the nearest known key.
 */
package dev.clockwork.spring.boot.keys;
