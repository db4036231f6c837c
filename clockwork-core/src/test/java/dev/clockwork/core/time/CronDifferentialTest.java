package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our cron fields against cron-utils' Unix and Spring definitions, in UTC (no DST): the same fires,
 * one after another, from several starting points. Not covered here, on purpose: a 5-field day
 * field starting with {@code *} combined with a restricted other day field (we follow Vixie cron:
 * both must match; cron-utils lets either match), and 5-field ranges starting at SUN.
 */
class CronDifferentialTest {
  private static final List<Instant> STARTS =
      List.of(
          Instant.parse("2026-01-01T00:00:00Z"),
          Instant.parse("2027-02-27T23:59:59.5Z"),
          Instant.parse("2028-12-31T23:58:00Z"));
  private static final int FIRES = 80;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0 9 * * MON-FRI",
        "*/7 * * * *",
        "5/20 9-17 * * *",
        "0 0 13 * 5",
        "0 0 1,15 * 3",
        "30 4 1-7 * 1",
        "0 0 * 1 3",
        "0 0 */2 * *",
        "0 0 1-31/10 * *",
        "0 0 * JAN,mar *",
        "0 0 * * 0,7",
        "0 0 * * 5-7",
        "0 0 * * FRI-SUN",
        "0 12 * * */2",
        "15 3 29 2 *",
        "0 0 31 * *",
        "59 23 31 12 *",
        "0 22 * * 1-5",
        "*/30 */6 1,10,20 * *",
      })
  void unixFieldsAgreeWithCronUtils(String cron) {
    assertSameFires(cron, CronType.UNIX);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0 0 9-17 * * MON-FRI",
        "*/7 * * * * *",
        "10-20/5 * * * * *",
        "0 0 0 13 * FRI",
        "0 0 12 ? * MON",
        "0 0 12 1 * ?",
        "30 15 10 * * SUN-SAT",
        "0 0/5 14,18 * * *",
        "0 15 10 15 * ?",
        "0 0 0 29 2 *",
        "0 0 0 * * 0",
        "0 0 0 * * 7",
      })
  void springFieldsAgreeWithCronUtils(String cron) {
    assertSameFires(cron, CronType.SPRING);
  }

  private static void assertSameFires(String cron, CronType type) {
    CronSchedule ours = CronSchedule.parse(cron, ZoneOffset.UTC);
    ExecutionTime theirs =
        ExecutionTime.forCron(
            new CronParser(CronDefinitionBuilder.instanceDefinitionFor(type)).parse(cron));
    for (Instant start : STARTS) {
      List<Instant> ourFires = new ArrayList<>();
      List<Instant> theirFires = new ArrayList<>();
      Instant t = start;
      ZonedDateTime z = start.atZone(ZoneOffset.UTC);
      for (int i = 0; i < FIRES; i++) {
        t = ours.next(t).orElseThrow();
        z = theirs.nextExecution(z).orElseThrow();
        ourFires.add(t);
        theirFires.add(z.toInstant());
      }
      assertThat(ourFires).as("%s from %s", cron, start).isEqualTo(theirFires);
    }
  }
}
