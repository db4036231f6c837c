package dev.clockwork.core.time;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import org.threeten.extra.PeriodDuration;

/**
 * One-shot ISO 8601 duration such as {@code P3Y6M4DT12H30M5S}: the calendar part (years, months,
 * weeks, days) moves the entry's wall-clock date-time in {@code zone}, a result in a DST gap or
 * overlap is resolved by {@link DstPolicy#DEFAULT}, then the time part is added as exact elapsed
 * time. A computed amount that lands at or before the entry fires at once.
 */
record IsoDurationSpec(PeriodDuration amount, ZoneId zone) implements TimeSpec {
  IsoDurationSpec {
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(zone, "zone");
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    return CalendarArithmetic.bounded(() -> CalendarArithmetic.plus(entered, amount, zone))
        .map(due -> due.isAfter(entered) ? due : entered);
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

  /** The ISO text, plus the zone when a calendar part makes it matter: "P1D (Europe/Berlin)". */
  @Override
  public String describe() {
    return amount.getPeriod().isZero() ? amount.toString() : amount + " (" + zone + ")";
  }
}
