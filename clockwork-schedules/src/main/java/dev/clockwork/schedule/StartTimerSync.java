package dev.clockwork.schedule;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StartTimer;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.outcome.StartTimerDeployment;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings a machine's start schedules in one namespace in line with the newest version a node has
 * registered: creates that version's missing ones, then deletes every active one of an older
 * version. Safe on any number of nodes at once:
 *
 * <ul>
 *   <li>creating is idempotent: ids are deterministic, and a {@link DuplicateScheduleException}
 *       means another node (or an earlier start) created the schedule, which is kept as it is;
 *   <li>a node whose version is older than one with start schedules creates nothing, so an old node
 *       restarting during a rolling deploy never brings its version back;
 *   <li>each node reads the schedules again after its writes and cancels what is older than the
 *       newest version it sees, so of two nodes deploying different versions at once, at least one
 *       sees the other's writes and the older version's schedules end deleted.
 * </ul>
 */
final class StartTimerSync {
  private static final int PAGE = 200;

  private final Schedules schedules;
  private final Instant deployedAt;

  /**
   * A sync through {@code schedules} (its namespace and command context), deploying at {@code
   * deployedAt}.
   */
  StartTimerSync(Schedules schedules, Instant deployedAt) {
    this.schedules = schedules;
    this.deployedAt = deployedAt;
  }

  StartTimerDeployment deploy(MachineDefinition definition) {
    String machine = definition.id();
    int version = definition.version();
    Map<String, ScheduleRecord> before = startSchedules(machine);
    List<String> created = new ArrayList<>();
    List<String> existing = new ArrayList<>();
    if (newest(machine, before, version) == version) {
      Map<String, ScheduleRequest> missing = new LinkedHashMap<>();
      for (int i = 0; i < definition.startTimers().size(); i++) {
        String id = StartTimerIds.of(machine, version, i);
        if (before.containsKey(id)) {
          existing.add(id);
        } else {
          missing.put(id, request(definition, i, id));
        }
      }
      missing.forEach(
          (id, request) -> {
            try {
              schedules.create(request);
              created.add(id);
            } catch (DuplicateScheduleException anotherNodeFirst) {
              existing.add(id);
            }
          });
    }
    Map<String, ScheduleRecord> after = startSchedules(machine);
    int newest = newest(machine, after, version);
    List<String> cancelled = new ArrayList<>();
    for (ScheduleRecord schedule : after.values()) {
      int of = StartTimerIds.version(machine, schedule.scheduleId()).orElseThrow();
      if (schedule.status() != ScheduleStatus.DELETED && of < newest) {
        try {
          schedules.delete(schedule.scheduleId(), "superseded_by_v" + newest);
          cancelled.add(schedule.scheduleId());
        } catch (ScheduleDeletedException anotherNodeFirst) {
          // cancelled already
        }
      }
    }
    return new StartTimerDeployment(
        schedules.namespace(), machine, version, created, existing, cancelled, newest);
  }

  /**
   * The schedule to create for start timer {@code index}: a computed timer is evaluated now, once
   * per deploy, so the first node to create the schedule decides its value.
   */
  private ScheduleRequest request(MachineDefinition definition, int index, String id) {
    StartTimer timer = definition.startTimers().get(index).resolve(deployedAt, definition);
    ScheduleRequest.Builder request =
        ScheduleRequest.builder(id)
            .startMachine(definition.id(), timer.input())
            .timezone(timer.zone())
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .notes("Timer start event " + timer.path() + " of version " + definition.version());
    return switch (timer.kind()) {
      case DATE -> request.date(timer.text()).build();
      case CYCLE -> request.cycle(timer.text()).build();
      case CRON -> request.cron(timer.text()).build();
      case COMPUTED -> throw new IllegalStateException(timer + " is not resolved");
    };
  }

  /** The newest version among {@code version} and those {@code schedules} belong to. */
  private static int newest(String machine, Map<String, ScheduleRecord> schedules, int version) {
    int newest = version;
    for (String id : schedules.keySet()) {
      newest = Math.max(newest, StartTimerIds.version(machine, id).orElseThrow());
    }
    return newest;
  }

  /**
   * Every start schedule of {@code machine} in the namespace, deleted ones too, by id: a scan of
   * the ids after the machine's prefix, which sort together.
   */
  private Map<String, ScheduleRecord> startSchedules(String machine) {
    String prefix = StartTimerIds.prefix(machine);
    Map<String, ScheduleRecord> found = new LinkedHashMap<>();
    String after = prefix;
    while (true) {
      List<ScheduleRecord> page = schedules.store().list(schedules.namespace(), true, after, PAGE);
      for (ScheduleRecord schedule : page) {
        if (!schedule.scheduleId().startsWith(prefix)) {
          return found;
        }
        if (StartTimerIds.version(machine, schedule.scheduleId()).isPresent()) {
          found.put(schedule.scheduleId(), schedule);
        }
      }
      if (page.size() < PAGE) {
        return found;
      }
      after = page.get(page.size() - 1).scheduleId();
    }
  }
}
