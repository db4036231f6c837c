package dev.clockwork.server.callback.internal;

import java.net.URI;

/** One POST to make: where, the body, the delivery id and which attempt it is. */
public record Delivery(URI url, String body, String deliveryId, int attempt) {}
