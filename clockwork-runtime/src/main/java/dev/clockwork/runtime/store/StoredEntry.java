package dev.clockwork.runtime.store;

import java.time.Instant;

/** An active state as stored: by path, so it survives new definition versions. */
public record StoredEntry(String path, long entryId, Instant enteredAt) {}
