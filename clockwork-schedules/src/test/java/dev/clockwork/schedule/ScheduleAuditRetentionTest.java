package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.schedule.internal.AuditRetention;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code retention.schedule_audit}: the engine's retention pass removes the audit of schedules
 * deleted longer ago than the setting (with their skips and buffer, then the emptied schedule
 * rows), and nothing else; without the setting the audit stays.
 */
class ScheduleAuditRetentionTest {
  private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  private static final MachineDefinition PULSE =
      Machine.define("pulse").initial("done").finalState("done").build();

  private final VirtualClock clock = VirtualClock.at(T0);
  private final InMemoryStore instances = new InMemoryStore();
  private final List<RemovedRows> passes = new CopyOnWriteArrayList<>();
  private Engine engine;
  private Schedules schedules;

  @AfterEach
  void stop() {
    engine.close();
  }

  /**
   * An engine whose retention keeps a deleted schedule's audit for {@code keep} (null: the
   * default), with a live schedule, one deleted on day 0 and one deleted on day 50; its clock on
   * day 60 when the workers start.
   */
  private void deletedSchedulesThenAPassOnDay60(Duration keep) {
    engine =
        Engine.builder()
            .store(instances)
            .clock(clock)
            .register(PULSE)
            .settings(
                s -> {
                  if (keep != null) {
                    s.retention(r -> r.scheduleAudit(keep));
                  }
                })
            .listener(
                new EngineListener() {
                  @Override
                  public void retentionPassed(RemovedRows removed, Duration took) {
                    passes.add(removed);
                  }
                })
            .build();
    schedules = Schedules.builder(engine).store(new InMemoryScheduleStore()).build();
    for (String id : List.of("live", "old", "recent")) {
      schedules.create(
          ScheduleRequest.builder(id).startMachine("pulse", Map.of()).cron("0 2 * * *").build());
    }
    schedules.pause("old", "winding down");
    schedules.delete("old");
    clock.moveTo(T0.plus(Duration.ofDays(50)));
    schedules.delete("recent");
    clock.moveTo(T0.plus(Duration.ofDays(60)));
    engine.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> !passes.isEmpty());
  }

  private int audit(String scheduleId) {
    return schedules.history(scheduleId).events().size();
  }

  @Test
  void aDeletedSchedulesAuditGoesOnceDeletedLongerThanTheSetting() {
    deletedSchedulesThenAPassOnDay60(Duration.ofDays(30));

    assertThat(schedules.find("old"))
        .as("its audit gone, the schedule row goes too (3 audit rows and the schedule's)")
        .isEmpty();
    assertThat(audit("recent")).as("deleted 10 days ago").isEqualTo(2);
    assertThat(audit("live")).isEqualTo(1);
    assertThat(passes.get(0).of(AuditRetention.TABLE)).isEqualTo(4);
    assertThat(instances.retention().removedTotals())
        .containsExactly(
            new RemovedTotal(
                RemovedTotal.EVERY_OTHER_MACHINE,
                AuditRetention.TABLE,
                4,
                T0.plus(Duration.ofDays(60))));
  }

  @Test
  void withoutTheSettingTheAuditStays() {
    deletedSchedulesThenAPassOnDay60(null);

    assertThat(audit("old")).isEqualTo(3);
    assertThat(audit("recent")).isEqualTo(2);
    assertThat(audit("live")).isEqualTo(1);
    assertThat(passes.get(0).of(AuditRetention.TABLE)).isZero();
    assertThat(instances.retention().removedTotals()).isEmpty();
  }
}
