package dev.clockwork.runtime.store;

import java.time.Instant;

/** A timer whose due time has come, as the sweep claims it from a store. */
public record DueTimer(String instanceId, String key, String event, long entryId, Instant due) {}
