/**
 * Callbacks of queued API events (API): a queued event may carry a URL; once the event is applied,
 * dead-lettered or discarded, the server POSTs its outcome there, signed with the deployment's
 * secret, retried with backoff, each attempt recorded. Only hosts on the allow-list of {@link
 * dev.clockwork.server.callback.CallbackOptions} are called. {@link
 * dev.clockwork.server.callback.Callbacks} is what routes call; the callbacks are kept by the
 * engine's store ({@link dev.clockwork.runtime.store.Store#callbacks()}), so the server holds no
 * SQL. The machinery (allow-list, signature, sender, delivery worker, crash repair) is
 * package-private.
 */
package dev.clockwork.server.callback;
