package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.ScheduleSeen.RunSeen;
import dev.clockwork.chaos.check.ScheduleSeen.Skipped;
import dev.clockwork.chaos.check.ScheduleSeen.Triggered;
import dev.clockwork.chaos.machine.ChaosSchedule;
import dev.clockwork.chaos.machine.ScheduledRun;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.ScheduleHistoryPage;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.ScheduleSpec;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the run's schedule through {@link Schedules}: its audit stream ({@code history}, every
 * page), its skipped occurrences, its spec's occurrences from the first fire ({@code
 * ScheduleCreated}'s {@code next_fire_at}) to the pause ({@code SchedulePaused}'s {@code
 * paused_at}); and every instance of the scheduled machine with its history.
 */
final class ScheduleObserver {
  private static final int PAGE = 500;
  private static final String OCCURRENCE_TIME = "occurrence_time";

  private final Engine engine;
  private final Store store;
  private final Schedules schedules;
  private final Map<String, Instant> databaseClock;

  ScheduleObserver(
      Engine engine, Store store, Schedules schedules, Map<String, Instant> databaseClock) {
    this.engine = engine;
    this.store = store;
    this.schedules = schedules;
    this.databaseClock = databaseClock;
  }

  ScheduleSeen read() {
    Optional<ScheduleDescription> found = schedules.find(ChaosSchedule.ID);
    if (found.isEmpty()) {
      return ScheduleSeen.NONE;
    }
    Instant first = null;
    Instant paused = null;
    long auditedSkips = 0;
    List<Triggered> triggered = new ArrayList<>();
    for (ScheduleAuditEvent row : audit()) {
      Map<String, Object> payload = row.payload();
      switch (row.type()) {
        case ScheduleCreated -> first = instant(payload.get("next_fire_at"));
        case SchedulePaused -> paused = instant(payload.get("paused_at"));
        case ScheduleTriggered ->
            triggered.add(
                new Triggered(
                    instant(payload.get(OCCURRENCE_TIME)),
                    row.instanceId(),
                    String.valueOf(payload.get("outcome")),
                    row.recordedAt()));
        case ScheduleTriggerSkipped ->
            auditedSkips = ((Number) payload.get("skipped_trigger_count")).longValue();
        default -> {
          // resumed, updated, deleted: the harness does none of them
        }
      }
    }
    Instant until = paused != null ? paused : found.get().nextFireAt();
    List<Instant> occurrences = new ArrayList<>();
    ScheduleSpec spec = found.get().settings().spec();
    for (Instant t = first; t != null && until != null && t.isBefore(until); ) {
      occurrences.add(t);
      t = spec.next(t).orElse(null);
    }
    return new ScheduleSeen(
        occurrences,
        until == null ? Instant.MAX : until,
        triggered,
        skipped(),
        auditedSkips,
        runs());
  }

  private List<ScheduleAuditEvent> audit() {
    List<ScheduleAuditEvent> rows = new ArrayList<>();
    long after = 0;
    while (true) {
      ScheduleHistoryPage page = schedules.history(ChaosSchedule.ID, PAGE, after);
      rows.addAll(page.events());
      if (!page.hasMore()) {
        return rows;
      }
      after = page.nextCursor();
    }
  }

  private List<Skipped> skipped() {
    List<Skipped> skipped = new ArrayList<>();
    long after = 0;
    while (true) {
      List<SkippedOccurrence> page = schedules.skipped(ChaosSchedule.ID, PAGE, after);
      page.forEach(s -> skipped.add(new Skipped(s.occurrence(), s.reason(), s.recordedAt())));
      if (page.size() < PAGE) {
        return skipped;
      }
      after = page.get(page.size() - 1).sequence();
    }
  }

  private Map<String, RunSeen> runs() {
    Map<String, RunSeen> runs = new HashMap<>();
    for (String id : store.instances().instanceIds(ScheduledRun.ID)) {
      List<Instant> lineage = new ArrayList<>();
      Instant created = null;
      Instant finished = null;
      boolean firstRow = true;
      for (HistoryEntry row : engine.instances().history(HistoryQuery.all(id))) {
        if (firstRow) {
          created = databaseClock.get(id + "#" + row.sequence());
          firstRow = false;
        }
        if (ScheduleEventType.ScheduleTriggered.name().equals(row.event())) {
          lineage.add(instant(row.payload().get(OCCURRENCE_TIME)));
        }
        if (row.kind() == HistoryEntry.Kind.DONE) {
          finished = databaseClock.get(id + "#" + row.sequence());
        }
      }
      runs.put(id, new RunSeen(lineage, engine.instances().get(id).isDone(), created, finished));
    }
    return runs;
  }

  private static Instant instant(Object text) {
    return text == null ? null : Instant.parse(text.toString());
  }
}
