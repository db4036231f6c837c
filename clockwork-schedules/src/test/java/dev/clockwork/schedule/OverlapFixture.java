package dev.clockwork.schedule;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A schedule {@code every-10} of {@code job} every ten minutes from 12:00, under a policy. */
final class OverlapFixture {
  static final String ID = "every-10";
  final ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T11:55:00Z");

  OverlapFixture(OverlapPolicy policy) {
    this(policy, b -> {});
  }

  OverlapFixture(OverlapPolicy policy, Consumer<ScheduleRequest.Builder> more) {
    ScheduleRequest.Builder builder =
        ScheduleRequest.builder(ID)
            .startMachine("job", Map.of())
            .cron("*/10 * * * *")
            .overlapPolicy(policy);
    more.accept(builder);
    fixture.schedules.create(builder.build());
  }

  /** Ticks at 12:{minute}. */
  List<TickResult> tickAt(int minute) {
    return fixture.tickAt(String.format("2026-03-01T%02d:%02d:00Z", 12 + minute / 60, minute % 60));
  }

  /** The id of the instance of the occurrence at 12:{minute}. */
  static String idAt(int minute) {
    return String.format("schedule:%s:2026-03-01T%02d:%02d:00Z", ID, 12 + minute / 60, minute % 60);
  }

  ScheduleDescription describe() {
    return fixture.schedules.describe(ID);
  }
}
