/**
 * Deliberately broken stores: a {@link dev.clockwork.runtime.store.Store} wrapper that breaks one
 * of the store's promises, so a run shows the suite catches it (issue 11's acceptance). Not API;
 * never used unless a run asks for it with {@code --break}.
 */
package dev.clockwork.chaos.broken;
