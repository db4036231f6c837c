package dev.clockwork.schedule.store;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A trigger recorded on its schedule whose run is not known to be started yet (or whose event not
 * yet sent). It is written in the same revision-checked write as the trigger itself — the audit
 * row, the fires count, the trigger number — before anything is started, and it holds all it takes
 * to carry the trigger out exactly as decided, so whichever node gets to it carries it out: the one
 * that recorded it, right after its write, or any tick once that node's claim has expired. Instance
 * ids are deterministic, so carrying a trigger out twice starts one run. It is dropped from the
 * schedule once carried out.
 *
 * @param triggerNumber the trigger's number, 1 for the schedule's first: unique per schedule
 * @param instanceId the run to start, or the instance the event is sent to
 * @param occurrence the occurrence it was triggered for (the trigger instant, for a manual one)
 * @param action what to do, as the schedule's action stood when the trigger was recorded
 * @param lineage the {@code ScheduleTriggered} payload a started run's history begins with (empty
 *     for a send)
 * @param policy the overlap policy in effect
 * @param previous the run to cancel or terminate first ({@link OverlapPolicy#CANCEL_OTHER}, {@link
 *     OverlapPolicy#TERMINATE_OTHER}), or null
 * @param run the queue and metadata the started run gets, as the schedule's settings stood when the
 *     trigger was recorded; null for a send, or for a trigger recorded before they were kept (then
 *     the schedule's current ones apply)
 */
public record PendingTrigger(
    long triggerNumber,
    String instanceId,
    Instant occurrence,
    ScheduleAction action,
    Map<String, Object> lineage,
    OverlapPolicy policy,
    String previous,
    RunMetadata run) {
  /** A trigger without run metadata: a send's, or one stored before it was kept. */
  public PendingTrigger(
      long triggerNumber,
      String instanceId,
      Instant occurrence,
      ScheduleAction action,
      Map<String, Object> lineage,
      OverlapPolicy policy,
      String previous) {
    this(triggerNumber, instanceId, occurrence, action, lineage, policy, previous, null);
  }

  /**
   * The queue, labels, memo and search attributes of the run a trigger starts, taken from the
   * schedule's settings when the trigger is recorded. Kept as they were stored (not checked again):
   * the settings were checked when the schedule was created or updated.
   *
   * @param queue the queue the run is served from; null for its machine's default queue
   * @param labels the run's labels
   * @param memo the run's memo
   * @param searchAttributes the run's search attributes
   */
  public record RunMetadata(
      String queue,
      Map<String, String> labels,
      Map<String, Object> memo,
      Map<String, Object> searchAttributes) {
    public RunMetadata {
      labels = copy(labels);
      memo = copy(memo);
      searchAttributes = copy(searchAttributes);
    }

    /** The run metadata a schedule's settings give its runs. */
    public static RunMetadata of(ScheduleSettings settings) {
      return new RunMetadata(
          settings.queue(), settings.labels(), settings.memo(), settings.searchAttributes());
    }

    private static <V> Map<String, V> copy(Map<String, V> map) {
      return map == null || map.isEmpty()
          ? Map.of()
          : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
  }

  public PendingTrigger {
    if (triggerNumber < 1) {
      throw new IllegalArgumentException("trigger numbers start at 1; got " + triggerNumber);
    }
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(occurrence, "occurrence");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(policy, "policy");
    @SuppressWarnings("unchecked")
    Map<String, Object> checked =
        (Map<String, Object>) JsonValues.checked("lineage", lineage == null ? Map.of() : lineage);
    lineage = checked;
  }
}
