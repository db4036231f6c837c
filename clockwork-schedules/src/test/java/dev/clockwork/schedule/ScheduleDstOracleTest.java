package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.time.DstPolicy.Gap;
import dev.clockwork.core.time.DstPolicy.Overlap;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A year of schedules driven by ticks, against a brute-force oracle: in each zone, one schedule per
 * daily cron time and per DST policy (gap shift_forward|skip × overlap first|last|both) is ticked
 * at every fire time through 2026; the instants each one triggered at must be exactly the instants
 * its policy defines for every local date of the year, computed here from {@link ZonedDateTime}
 * alone. The cron times sit inside the gaps and overlaps of the six zones (New York and Berlin at
 * 02:00, Sydney at 02:00/03:00, Lord Howe's half hour at 02:00, Santiago at midnight, Kathmandu's
 * +05:45 without DST).
 */
class ScheduleDstOracleTest {
  static final int YEAR = 2026;
  static final List<LocalTime> TIMES =
      List.of(
          LocalTime.of(2, 30),
          LocalTime.of(2, 0),
          LocalTime.of(1, 30),
          LocalTime.of(2, 15),
          LocalTime.of(1, 45),
          LocalTime.of(0, 30),
          LocalTime.of(23, 30),
          LocalTime.of(0, 0));

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "America/New_York",
        "Europe/Berlin",
        "Australia/Sydney",
        "Australia/Lord_Howe",
        "America/Santiago",
        "Asia/Kathmandu"
      })
  void everyPolicyFiresExactlyAtTheOracleInstantsForAYear(String zoneId) {
    ZoneId zone = ZoneId.of(zoneId);
    Instant start = LocalDate.of(YEAR, 1, 1).atStartOfDay(zone).toInstant();
    Instant end = LocalDate.of(YEAR + 1, 1, 1).atStartOfDay(zone).toInstant();
    ScheduleFixture fixture = ScheduleFixture.at(start.minusSeconds(1).toString());
    Map<String, List<Instant>> expected = new HashMap<>();
    for (LocalTime time : TIMES) {
      for (Gap gap : Gap.values()) {
        for (Overlap overlap : Overlap.values()) {
          String id =
              String.format("t%02d%02d-%s-%s", time.getHour(), time.getMinute(), gap, overlap)
                  .toLowerCase(Locale.ROOT);
          fixture.schedules.create(
              ScheduleRequest.builder(id)
                  .startMachine("pulse", Map.of())
                  .cron(time.getMinute() + " " + time.getHour() + " * * *")
                  .timezone(zone)
                  .dstGap(gap.name())
                  .dstOverlap(overlap.name())
                  .overlapPolicy(OverlapPolicy.ALLOW_ALL)
                  .build());
          expected.put(id, oracle(time, zone, gap, overlap, start, end));
        }
      }
    }
    Map<String, List<Instant>> actual = new HashMap<>();
    while (true) {
      Instant next = fixture.store.nextFireAt().orElseThrow();
      if (!next.isBefore(end)) {
        break;
      }
      for (TickResult row : fixture.tickAt(next)) {
        assertThat(row.outcome()).isEqualTo(TriggerOutcome.STARTED);
        assertThat(row.occurrenceTime()).isEqualTo(next);
        actual.computeIfAbsent(row.scheduleId(), k -> new ArrayList<>()).add(next);
      }
    }
    for (Map.Entry<String, List<Instant>> schedule : expected.entrySet()) {
      assertThat(actual.getOrDefault(schedule.getKey(), List.of()))
          .as("%s in %s", schedule.getKey(), zoneId)
          .isEqualTo(schedule.getValue());
    }
    assertThat(fixture.schedules.skipped("t0200-skip-both")).isEmpty(); // ticked on time
    if (!zoneId.equals("Asia/Kathmandu")) { // the times hit a gap (a day lost) and an overlap
      assertThat(expected.values()).extracting(List::size).contains(364, 365, 366);
    }
  }

  /** The instants of a daily local time under a policy, by definition. */
  private static List<Instant> oracle(
      LocalTime time, ZoneId zone, Gap gap, Overlap overlap, Instant start, Instant end) {
    TreeSet<Instant> instants = new TreeSet<>();
    for (LocalDate day = LocalDate.of(YEAR - 1, 12, 31);
        day.isBefore(LocalDate.of(YEAR + 1, 1, 2));
        day = day.plusDays(1)) {
      LocalDateTime local = day.atTime(time);
      ZonedDateTime earlier = ZonedDateTime.ofLocal(local, zone, null).withEarlierOffsetAtOverlap();
      if (!earlier.toLocalDateTime().equals(local)) { // in a gap
        if (gap == Gap.SHIFT_FORWARD) {
          instants.add(offsetChange(earlier.toInstant(), zone));
        }
        continue;
      }
      ZonedDateTime later = earlier.withLaterOffsetAtOverlap();
      if (overlap != Overlap.LAST || earlier.equals(later)) {
        instants.add(earlier.toInstant());
      }
      if (overlap != Overlap.FIRST) {
        instants.add(later.toInstant());
      }
    }
    return new ArrayList<>(instants.subSet(start, end));
  }

  /** The instant the offset last changed before {@code after}, walking back a minute at a time. */
  private static Instant offsetChange(Instant after, ZoneId zone) {
    ZoneOffset offset = zone.getRules().getOffset(after);
    Instant t = after;
    while (zone.getRules().getOffset(t.minusSeconds(60)).equals(offset)) {
      t = t.minusSeconds(60);
    }
    return t;
  }
}
