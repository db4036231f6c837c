package dev.clockwork.schedule.store;

import java.time.Instant;
import java.util.Objects;

/**
 * An occurrence waiting in a schedule's buffer for the running instance to end; it starts with its
 * original occurrence time.
 *
 * @param occurrence the fire time it was buffered for
 * @param bufferedAt when it was buffered (engine clock)
 */
public record BufferedTrigger(Instant occurrence, Instant bufferedAt) {
  public BufferedTrigger {
    Objects.requireNonNull(occurrence, "occurrence");
    Objects.requireNonNull(bufferedAt, "bufferedAt");
  }
}
