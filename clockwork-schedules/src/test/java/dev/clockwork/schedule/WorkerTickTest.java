package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code runInWorkers} makes every worker of the engine tick the schedules. */
class WorkerTickTest {
  @Test
  void theEnginesWorkersTickTheSchedules() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");
    fixture.schedules.create(
        ScheduleRequest.builder("minutely")
            .startMachine("pulse", Map.of())
            .cron("* * * * *")
            .build());
    fixture.schedules.runInWorkers(Duration.ofMillis(10));
    fixture.clock.moveTo(ScheduleFixture.t("2026-03-01T12:01:00Z"));
    fixture.engine.start();
    try {
      await().atMost(Duration.ofSeconds(10)).until(() -> fixture.instances("pulse").size() == 1);
      assertThat(fixture.instances("pulse"))
          .containsExactly("schedule:minutely:2026-03-01T12:01:00Z");
    } finally {
      fixture.engine.close();
    }
  }
}
