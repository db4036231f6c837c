/**
 * The network between one worker and the database (F5): an in-process TCP proxy that forwards,
 * resets or blackholes connections ({@link dev.clockwork.chaos.net.TcpProxy}). Not API.
 */
package dev.clockwork.chaos.net;
