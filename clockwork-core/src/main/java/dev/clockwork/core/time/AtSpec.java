package dev.clockwork.core.time;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;

/**
 * One-shot at an absolute instant. An instant before the entry is still returned as the first due
 * instant, which means "fire at once".
 */
record AtSpec(ZonedDateTime at) implements TimeSpec {
  AtSpec {
    Objects.requireNonNull(at, "at");
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    return Optional.of(at.toInstant());
  }

  @Override
  public Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires) {
    return Optional.empty();
  }

  @Override
  public int maxFires() {
    return 1;
  }

  @Override
  public boolean repeating() {
    return false;
  }

  @Override
  public String describe() {
    return "at " + IsoText.dateTimeText(at);
  }
}
