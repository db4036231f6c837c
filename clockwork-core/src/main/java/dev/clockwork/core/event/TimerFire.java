package dev.clockwork.core.event;

import java.time.Instant;

/**
 * Identifies one fire of an armed timer. The fire is fenced by {@code entryId}: when the state that
 * armed the timer has been left (and perhaps entered again) since, the fire is stale and dropped.
 *
 * @param key the timer's key in its definition, {@code <state path>#<event>}
 * @param entryId the state entry that armed the timer
 * @param due when the timer was due; the interpreter never applies a fire before it
 */
public record TimerFire(String key, long entryId, Instant due) {}
