package dev.clockwork.schedule;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A schedule as {@code describe} shows it: the stored schedule, its buffer and its next fire times.
 * The first upcoming time is the stored next fire (jitter included); the later ones are canonical,
 * since their jitter is rolled only when they become next.
 *
 * @param record the stored schedule
 * @param buffered occurrences waiting in the buffer, oldest first
 * @param upcomingFireTimes the next fire times; empty unless active
 */
public record ScheduleDescription(
    ScheduleRecord record, List<BufferedTrigger> buffered, List<Instant> upcomingFireTimes) {
  public ScheduleDescription {
    buffered = List.copyOf(buffered);
    upcomingFireTimes = List.copyOf(upcomingFireTimes);
  }

  public String scheduleId() {
    return record.scheduleId();
  }

  public String namespace() {
    return record.namespace();
  }

  public ScheduleStatus status() {
    return record.status();
  }

  public ScheduleSettings settings() {
    return record.settings();
  }

  /** {@code {cron_expressions: [...], timezone: ...}}; see the spec's {@code toMap}. */
  public Map<String, Object> spec() {
    return record.settings().spec().toMap();
  }

  public OverlapPolicy overlapPolicy() {
    return record.settings().overlapPolicy();
  }

  public CatchupPolicy catchup() {
    return record.settings().catchup();
  }

  public long firesCount() {
    return record.firesCount();
  }

  public Instant nextFireAt() {
    return record.nextFireAt();
  }

  public Instant lastFiredAt() {
    return record.lastFiredAt();
  }

  public String latestInstanceId() {
    return record.latestInstanceId();
  }

  public long jitterSeconds() {
    return record.settings().jitterSeconds();
  }

  public Integer remainingActions() {
    return record.remainingActions();
  }

  public String note() {
    return record.settings().notes();
  }

  public String lastSkipReason() {
    return record.lastSkipReason();
  }

  public Instant lastSkippedAt() {
    return record.lastSkippedAt();
  }

  public long skippedTriggerCount() {
    return record.skippedTriggerCount();
  }

  /** Every field, snake_case keys, instants as ISO text. */
  public Map<String, Object> toMap() {
    ScheduleSettings settings = record.settings();
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("schedule_id", record.scheduleId());
    map.put("schedule_ulid", record.ulid());
    map.put("namespace", record.namespace());
    map.put("status", record.status().wireName());
    map.put("spec", settings.spec().toMap());
    map.put("action", settings.action().toMap());
    map.put("overlap_policy", settings.overlapPolicy().wireName());
    map.put("catchup", settings.catchup().wireName());
    map.put("catchup_window", settings.catchupWindow().toString());
    map.put("max_buffer", settings.maxBuffer());
    map.put("jitter_seconds", settings.jitterSeconds());
    map.put("max_runs", settings.maxRuns());
    map.put("remaining_actions", record.remainingActions());
    map.put("labels", settings.labels());
    map.put("memo", settings.memo());
    map.put("search_attributes", settings.searchAttributes());
    map.put("queue", settings.queue());
    map.put("notes", settings.notes());
    map.put("fires_count", record.firesCount());
    map.put("next_fire_at", text(record.nextFireAt()));
    map.put("last_fired_at", text(record.lastFiredAt()));
    map.put("latest_instance_id", record.latestInstanceId());
    map.put("paused_reason", record.pausedReason());
    map.put("paused_at", text(record.pausedAt()));
    map.put("last_skip_reason", record.lastSkipReason());
    map.put("last_skipped_at", text(record.lastSkippedAt()));
    map.put("skipped_trigger_count", record.skippedTriggerCount());
    map.put("buffered_triggers", buffered.stream().map(b -> b.occurrence().toString()).toList());
    map.put(
        "pending_triggers",
        record.pending().stream().map(p -> NamespacedIds.idOf(p.instanceId())).toList());
    map.put("upcoming_fire_times", upcomingFireTimes.stream().map(Instant::toString).toList());
    map.put("created_at", text(record.createdAt()));
    map.put("updated_at", text(record.updatedAt()));
    map.put("deleted_at", text(record.deletedAt()));
    map.put("delete_reason", record.deleteReason());
    return map;
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
