package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Jitter delays each stored fire time by 0 to jitter_seconds, re-rolled at every computation, never
 * earlier than the cron time and never as late as the following occurrence.
 */
class JitterTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:30:00Z");

  ScheduleDescription create(String cron, long jitter) {
    return fixture.schedules.create(
        ScheduleRequest.builder("hourly-report")
            .startMachine("pulse", Map.of())
            .cron(cron)
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .jitterSeconds(jitter)
            .build());
  }

  @Test
  void delaysTheStoredFireTimeByTheDrawnSeconds() {
    fixture.random.willDraw(120);
    ScheduleDescription created = create("0 * * * *", 300);
    assertThat(created.nextFireAt()).isEqualTo(t("2026-03-01T13:02:00Z"));
    assertThat(created.record().nextOccurrenceAt()).isEqualTo(t("2026-03-01T13:00:00Z"));
    assertThat(fixture.tickAt("2026-03-01T13:01:59Z")).isEmpty();
  }

  @Test
  void theTickRecordsTheJitteredTimeAndRerollsTheNext() {
    fixture.random.willDraw(120, 7);
    create("0 * * * *", 300);
    TickResult row = fixture.tickAt("2026-03-01T13:02:00Z").get(0);
    assertThat(row.occurrenceTime()).isEqualTo(t("2026-03-01T13:02:00Z"));
    assertThat(row.instanceId()).isEqualTo("schedule:hourly-report:2026-03-01T13:02:00Z");
    assertThat(fixture.history(row.instanceId()).get(0).payload())
        .containsEntry("occurrence_time", "2026-03-01T13:02:00Z");
    assertThat(row.nextFireAt()).isEqualTo(t("2026-03-01T14:00:07Z"));
  }

  @Test
  void isRerolledOnResumeAndOnUpdate() {
    fixture.random.willDraw(1, 2, 3);
    create("0 * * * *", 300);
    fixture.schedules.pause("hourly-report", null);
    assertThat(fixture.schedules.resume("hourly-report").nextFireAt())
        .isEqualTo(t("2026-03-01T13:00:02Z"));
    assertThat(
            fixture
                .schedules
                .update("hourly-report", ScheduleUpdate.builder().jitterSeconds(60).build())
                .nextFireAt())
        .isEqualTo(t("2026-03-01T13:00:03Z"));
  }

  @Test
  void neverReachesTheFollowingOccurrence() {
    ScheduleDescription created =
        create("*/1 * * * *", 300); // every minute, up to 5 minutes jitter
    assertThat(created.nextFireAt()).isEqualTo(t("2026-03-01T12:31:59Z"));
  }

  @Test
  void staysWithinBoundsOverManyDraws() {
    ScheduleFixture seeded = ScheduleFixture.at("2026-03-01T12:30:00Z");
    Schedules schedules = Schedules.builder(seeded.engine).random(new java.util.Random(7)).build();
    schedules.create(
        ScheduleRequest.builder("five-minutes")
            .startMachine("pulse", Map.of())
            .cron("*/5 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .jitterSeconds(600)
            .build());
    for (int i = 0; i < 200; i++) {
      ScheduleDescription d = schedules.describe("five-minutes");
      Instant canonical = d.record().nextOccurrenceAt();
      assertThat(d.nextFireAt()).isBetween(canonical, canonical.plusSeconds(299));
      seeded.clock.moveTo(d.nextFireAt());
      assertThat(schedules.tick()).singleElement();
    }
  }

  @Test
  void zeroJitterFiresOnTheCronTime() {
    fixture.random.willDraw(99);
    assertThat(create("0 * * * *", 0).nextFireAt()).isEqualTo(t("2026-03-01T13:00:00Z"));
  }
}
