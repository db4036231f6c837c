/**
 * The machinery of callbacks (not API): the allow-list, the payload and its signature, the HTTP
 * sender and the delivery worker.
 */
package dev.clockwork.server.callback.internal;
