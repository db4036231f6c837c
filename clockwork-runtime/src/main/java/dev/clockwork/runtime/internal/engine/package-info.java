/**
 * Not API: how an engine is put together — the builder's inputs wired into the parts an {@code
 * Engine} holds ({@link dev.clockwork.runtime.internal.engine.EngineWiring}) — and the operations
 * its API delegates to: creations, the event intake, running due work by hand, version upgrades,
 * starting and stopping.
 */
package dev.clockwork.runtime.internal.engine;
