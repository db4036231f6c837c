package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * For many pseudo-random entry instants (fixed seed), every kind of timer is due no earlier than
 * its rule says, to the nanosecond, and the repeating ones never go backwards.
 */
class NeverEarlyTest {
  private static final List<ZoneId> ZONES =
      List.of(
          ZoneId.of("UTC"),
          ZoneId.of("America/New_York"),
          ZoneId.of("Europe/Berlin"),
          ZoneId.of("Australia/Lord_Howe"),
          ZoneId.of("America/Santiago"),
          ZoneId.of("Asia/Kathmandu"));
  private static final Instant FROM = Instant.parse("2025-01-01T00:00:00Z");
  private static final long SPAN_NANOS = Duration.ofDays(3 * 365).toNanos();

  private final Random random = new Random(20260504L);

  private Instant randomInstant() {
    return FROM.plusNanos((long) (random.nextDouble() * SPAN_NANOS));
  }

  private ZoneId randomZone() {
    return ZONES.get(random.nextInt(ZONES.size()));
  }

  @Test
  void exactDurationsAreDueExactlyThatLongAfterEntryOrProcessing() {
    for (int i = 0; i < 2_000; i++) {
      Instant entered = randomInstant();
      Duration d = Duration.ofNanos(1 + (long) (random.nextDouble() * 1e15));
      Instant firedAt = entered.plus(d).plusNanos(random.nextInt(1_000_000));

      assertThat(TimeSpecs.after(d).firstDue(entered)).contains(entered.plus(d));
      assertThat(TimeSpecs.every(d).firstDue(entered)).contains(entered.plus(d));
      assertThat(TimeSpecs.every(d).nextDue(entered, entered.plus(d), firedAt, 1))
          .contains(firedAt.plus(d));
    }
  }

  @Test
  void isoDurationsAreNeverBeforeTheirExactPartOrTheWallClockDay() {
    for (int i = 0; i < 2_000; i++) {
      Instant entered = randomInstant();
      ZoneId zone = randomZone();
      int days = 1 + random.nextInt(40);
      long seconds = random.nextInt(100_000);
      TimeSpec spec = TimeSpecs.duration("P" + days + "DT" + seconds + "S", zone);

      Instant due = spec.firstDue(entered).orElseThrow();

      LocalDateTime wallClock = LocalDateTime.ofInstant(entered, zone).plusDays(days);
      Instant earliestForWallClock = DstPolicy.DEFAULT.resolve(wallClock, zone).get(0);
      assertThat(due).isEqualTo(earliestForWallClock.plusSeconds(seconds));
      assertThat(LocalDateTime.ofInstant(due.minusSeconds(seconds), zone))
          .isAfterOrEqualTo(wallClock);
    }
  }

  @Test
  void cronIsStrictlyAfterAndNothingMatchesInBetween() {
    List<String> crons = List.of("*/15 * * * *", "0 2 * * *", "30 1 * * *", "0 0 0 * * *");
    for (int i = 0; i < 1_500; i++) {
      ZoneId zone = randomZone();
      CronSchedule schedule = CronSchedule.parse(crons.get(i % crons.size()), zone);
      Instant after = randomInstant();
      if (i % 3 == 0) {
        after = schedule.next(after).orElseThrow(); // exactly on a fire
      }

      Instant next = schedule.next(after).orElseThrow();

      assertThat(next).isAfter(after);
      assertThat(schedule.next(next.minusNanos(1))).contains(next);
      Instant minute = after.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
      for (; minute.isBefore(next); minute = minute.plus(1, ChronoUnit.MINUTES)) {
        LocalDateTime local = LocalDateTime.ofInstant(minute, zone);
        boolean firstOccurrence =
            zone.getRules().getOffset(minute).equals(zone.getRules().getValidOffsets(local).get(0));
        assertThat(schedule.matches(local) && firstOccurrence)
            .as("%s fires at %s, between %s and %s", schedule, minute, after, next)
            .isFalse();
      }
    }
  }

  @Test
  void cyclesWithAStartAreOccurrencesAtOrAfterEntry() {
    TimeSpec spec =
        TimeSpecs.cycle("R/2025-01-01T10:00:00+01:00[Europe/Berlin]/P1DT1H", ZONES.get(0));
    for (int i = 0; i < 1_000; i++) {
      Instant entered = randomInstant();

      Instant first = spec.firstDue(entered).orElseThrow();
      Instant next = spec.nextDue(entered, first, first, 1).orElseThrow();

      assertThat(first).isAfterOrEqualTo(entered);
      assertThat(next).isAfter(first);
      assertThat(spec.firstDue(first)).contains(first);
      assertThat(spec.firstDue(first.plusNanos(1))).contains(next);
    }
  }
}
