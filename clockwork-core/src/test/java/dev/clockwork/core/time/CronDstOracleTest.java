package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.time.DstPolicy.Gap;
import dev.clockwork.core.time.DstPolicy.Overlap;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Brute force: every local minute of 2026 is matched against the cron by a tiny matcher of its own,
 * each match is mapped to instants by the policy's definition (via {@link ZonedDateTime}, not
 * {@link DstPolicy}), and the sorted, de-duplicated result must equal what iterating {@link
 * CronSchedule#next} gives, for every zone and every policy.
 */
class CronDstOracleTest {
  private static final int YEAR = 2026;
  private static final Map<String, List<LocalDateTime>> MATCHES = new ConcurrentHashMap<>();

  static Stream<Arguments> cases() {
    List<String> crons =
        List.of(
            "30 2 * * *", "0 2 * * *", "0 * * * *", "*/15 * * * *", "0 30 1 * * *", "0 0 0 * * *");
    List<String> zones =
        List.of(
            "America/New_York",
            "Europe/Berlin",
            "Australia/Lord_Howe",
            "America/Santiago",
            "Australia/Sydney",
            "Asia/Kathmandu");
    return crons.stream().flatMap(cron -> zones.stream().map(zone -> Arguments.of(cron, zone)));
  }

  @ParameterizedTest(name = "{0} in {1}")
  @MethodSource("cases")
  void nextWalksExactlyThroughTheBruteForceInstants(String cron, String zoneId) {
    ZoneId zone = ZoneId.of(zoneId);
    List<LocalDateTime> matches = MATCHES.computeIfAbsent(cron, CronDstOracleTest::localMatches);
    Instant start = LocalDate.of(YEAR, 1, 1).atStartOfDay(zone).toInstant();
    Instant end = LocalDate.of(YEAR + 1, 1, 1).atStartOfDay(zone).toInstant();
    for (Gap gap : Gap.values()) {
      for (Overlap overlap : Overlap.values()) {
        CronSchedule schedule = CronSchedule.parse(cron, zone, DstPolicy.of(gap, overlap));
        List<Instant> expected = expected(matches, zone, gap, overlap, start, end);
        List<Instant> actual = new ArrayList<>();
        Instant t = start.minusNanos(1);
        while (true) {
          Instant next = schedule.next(t).orElseThrow();
          if (!next.isBefore(end)) {
            break;
          }
          actual.add(next);
          t = next;
        }
        assertThat(actual).as("%s, gap %s, overlap %s", cron, gap, overlap).isEqualTo(expected);
      }
    }
  }

  /** The policies by their definition, written without {@link DstPolicy}. */
  private static List<Instant> expected(
      List<LocalDateTime> matches,
      ZoneId zone,
      Gap gap,
      Overlap overlap,
      Instant start,
      Instant end) {
    TreeSet<Instant> instants = new TreeSet<>();
    for (LocalDateTime local : matches) {
      ZonedDateTime earlier = ZonedDateTime.ofLocal(local, zone, null).withEarlierOffsetAtOverlap();
      if (!earlier.toLocalDateTime().equals(local)) {
        if (gap == Gap.SHIFT_FORWARD) {
          instants.add(endOfGap(earlier.toInstant(), zone));
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

  /** The instant the offset changed, found by walking back minute by minute from after the gap. */
  private static Instant endOfGap(Instant afterGap, ZoneId zone) {
    ZoneOffset offset = zone.getRules().getOffset(afterGap);
    Instant t = afterGap;
    while (zone.getRules().getOffset(t.minusSeconds(60)).equals(offset)) {
      t = t.minusSeconds(60);
    }
    return t;
  }

  /** Every local minute of the year whose second, minute and hour match (day fields are *). */
  private static List<LocalDateTime> localMatches(String cron) {
    String[] fields = cron.split(" ");
    boolean seconds = fields.length == 6;
    boolean[] second = seconds ? field(fields[0], 60) : field("0", 60);
    boolean[] minute = field(fields[seconds ? 1 : 0], 60);
    boolean[] hour = field(fields[seconds ? 2 : 1], 24);
    List<LocalDateTime> matches = new ArrayList<>();
    LocalDateTime t = LocalDate.of(YEAR, 1, 1).atStartOfDay();
    LocalDateTime end = t.plusYears(1);
    for (; t.isBefore(end); t = t.plusMinutes(1)) {
      if (second[0] && minute[t.getMinute()] && hour[t.getHour()]) {
        matches.add(t);
      }
    }
    return matches;
  }

  private static boolean[] field(String text, int size) {
    boolean[] allowed = new boolean[size];
    int step = text.startsWith("*/") ? Integer.parseInt(text.substring(2)) : 1;
    for (int v = 0; v < size; v++) {
      allowed[v] = text.startsWith("*") ? v % step == 0 : v == Integer.parseInt(text);
    }
    return allowed;
  }
}
