/**
 * Queues over HTTP: each machine's queue figures, its pending events, pause and resume, queue
 * health with stuck events, and the dead letter queue (list, inspect, retry, purge). Internal to
 * the server: the runtime's {@code QueueAdmin} is the API.
 */
package dev.clockwork.server.api.queue;
