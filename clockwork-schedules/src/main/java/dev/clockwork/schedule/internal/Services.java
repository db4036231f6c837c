package dev.clockwork.schedule.internal;

import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.error.ScheduleNotFoundException;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * What the schedule machinery works with: the engine (and its clock), the store, the options and
 * the random source of jitter and ULIDs.
 */
public record Services(
    Engine engine, ScheduleStore store, ScheduleOptions options, RandomGenerator random) {

  /** The engine clock's instant: the only "now" schedules know. */
  Instant now() {
    return engine.clock().instant();
  }

  Firing firing() {
    return new Firing(engine);
  }

  /** The schedule, deleted or not. */
  ScheduleRecord load(String namespace, String scheduleId) {
    return store
        .find(namespace, scheduleId)
        .orElseThrow(() -> new ScheduleNotFoundException(namespace, scheduleId));
  }

  /** The schedule's buffer, read only when it has one. */
  List<BufferedTrigger> buffer(ScheduleRecord schedule) {
    return schedule.bufferedCount() == 0
        ? List.of()
        : store.buffered(schedule.namespace(), schedule.scheduleId());
  }
}
