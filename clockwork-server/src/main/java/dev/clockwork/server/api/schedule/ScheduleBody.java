package dev.clockwork.server.api.schedule;

import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.ScheduleUpdate;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import java.time.Duration;
import java.util.Map;

/**
 * The body of {@code POST /api/schedules} (with {@code schedule_id}) and {@code PUT
 * /api/schedules/{id}} (every field optional: only those given change). {@code spec} and {@code
 * action} are the maps {@code Schedules.createFromSpec} takes — {@code {cron_expressions: [...],
 * intervals: [{every, offset}], dates, cycles, timezone, dst_gap, dst_overlap}} and {@code
 * {machine, input}} or {@code {instance_id, event, payload}} — so the API, the CLI and Java read
 * schedules one way.
 */
public record ScheduleBody(
    String scheduleId,
    Map<String, Object> spec,
    Map<String, Object> action,
    String overlapPolicy,
    String catchup,
    Duration catchupWindow,
    Integer maxBuffer,
    Long jitterSeconds,
    Integer maxRuns,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes,
    String queue,
    String notes) {

  /** Sets this body's optional parameters on a create request. */
  void applyTo(ScheduleRequest.Builder request) {
    if (overlapPolicy != null) {
      request.overlapPolicy(overlapPolicy);
    }
    if (catchup != null) {
      request.catchup(catchup);
    }
    if (catchupWindow != null) {
      request.catchupWindow(catchupWindow);
    }
    if (maxBuffer != null) {
      request.maxBuffer(maxBuffer);
    }
    if (jitterSeconds != null) {
      request.jitterSeconds(jitterSeconds);
    }
    request.maxRuns(maxRuns);
    if (labels != null) {
      request.labels(labels);
    }
    if (memo != null) {
      request.memo(memo);
    }
    if (searchAttributes != null) {
      request.searchAttributes(searchAttributes);
    }
    if (queue != null) {
      request.queue(queue);
    }
    if (notes != null) {
      request.notes(notes);
    }
  }

  /** The update this body asks for: the fields it gives, nothing else. */
  ScheduleUpdate update() {
    ScheduleUpdate.Builder update = ScheduleUpdate.builder();
    if (spec != null) {
      update.spec(spec);
    }
    if (action != null) {
      update.action(ScheduleAction.fromMap(action));
    }
    if (overlapPolicy != null) {
      update.overlapPolicy(overlapPolicy);
    }
    if (catchup != null) {
      update.catchup(CatchupPolicy.parse(catchup));
    }
    if (catchupWindow != null) {
      update.catchupWindow(catchupWindow);
    }
    if (maxBuffer != null) {
      update.maxBuffer(maxBuffer);
    }
    if (jitterSeconds != null) {
      update.jitterSeconds(jitterSeconds);
    }
    if (maxRuns != null) {
      update.maxRuns(maxRuns);
    }
    if (labels != null) {
      update.labels(labels);
    }
    if (memo != null) {
      update.memo(memo);
    }
    if (searchAttributes != null) {
      update.searchAttributes(searchAttributes);
    }
    if (queue != null) {
      update.queue(queue);
    }
    if (notes != null) {
      update.notes(notes);
    }
    return update.build();
  }
}
