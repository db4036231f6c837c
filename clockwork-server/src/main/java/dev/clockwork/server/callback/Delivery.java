package dev.clockwork.server.callback;

import java.net.URI;

/** One POST to make: where, the body, the delivery id and which attempt it is. */
record Delivery(URI url, String body, String deliveryId, int attempt) {}
