package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * What a schedule must show whatever raced with its ticks: a run exists if and only if its trigger
 * is recorded — one {@code ScheduleTriggered} audit row per run, {@code fires_count} equal to their
 * number, trigger numbers 1, 2, 3… each carried by its run's own lineage, the latest run named on
 * the schedule — and no occurrence has two runs.
 */
final class TriggerRecords {
  private TriggerRecords() {}

  static void assertEveryRunHasItsTrigger(
      Schedules schedules, Engine engine, Store instances, String scheduleId, String... machines) {
    String prefix = "schedule:" + scheduleId + ":";
    List<String> runs = new ArrayList<>();
    for (String machine : machines) {
      instances.instances().instanceIds(machine).stream()
          .filter(id -> id.startsWith(prefix))
          .forEach(runs::add);
    }
    List<ScheduleAuditEvent> triggered = triggers(schedules, scheduleId);
    String what = "schedule '" + scheduleId + "'";
    assertThat(triggered)
        .extracting(ScheduleAuditEvent::instanceId)
        .as(what + ": the runs its ScheduleTriggered rows name, against the runs that exist")
        .containsExactlyInAnyOrderElementsOf(runs);
    ScheduleDescription described = schedules.describe(scheduleId);
    assertThat(described.firesCount()).as(what + ": fires_count").isEqualTo(triggered.size());
    assertThat(triggered)
        .extracting(event -> number(event.payload().get("trigger_number")))
        .as(what + ": trigger numbers in audit order")
        .containsExactlyElementsOf(LongStream.rangeClosed(1, triggered.size()).boxed().toList());
    List<Object> occurrences = new ArrayList<>();
    for (ScheduleAuditEvent event : triggered) {
      var lineage =
          engine.instances().history(HistoryQuery.all(event.instanceId())).get(0).payload();
      assertThat(number(lineage.get("trigger_number")))
          .as(event.instanceId() + ": the trigger number in its own history")
          .isEqualTo(number(event.payload().get("trigger_number")));
      if (!event.instanceId().contains(":manual:")) {
        occurrences.add(lineage.get("occurrence_time"));
      }
    }
    assertThat(occurrences).as(what + ": occurrences with a run").doesNotHaveDuplicates();
    if (!triggered.isEmpty()) {
      assertThat(described.latestInstanceId())
          .as(what + ": latest_instance_id")
          .isEqualTo(triggered.get(triggered.size() - 1).instanceId());
    }
  }

  /** Every {@code ScheduleTriggered} row of the schedule, oldest first. */
  static List<ScheduleAuditEvent> triggers(Schedules schedules, String scheduleId) {
    List<ScheduleAuditEvent> all = new ArrayList<>();
    long after = 0;
    while (true) {
      ScheduleHistoryPage page = schedules.history(scheduleId, 500, after);
      page.events().stream()
          .filter(e -> e.type() == ScheduleEventType.ScheduleTriggered)
          .forEach(all::add);
      if (!page.hasMore()) {
        return all;
      }
      after = page.nextCursor();
    }
  }

  private static long number(Object value) {
    return ((Number) value).longValue();
  }
}
