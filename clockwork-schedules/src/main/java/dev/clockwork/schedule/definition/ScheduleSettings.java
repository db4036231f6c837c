package dev.clockwork.schedule.definition;

import dev.clockwork.core.input.InputRules;
import dev.clockwork.runtime.instance.MetadataChecks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a user sets on a schedule; checked when built ({@link Builder#build()}), so a schedule
 * is valid when it is created or updated. The run settings (labels, memo, search attributes, queue)
 * are checked by the builder only: settings a store reads back ({@link Builder#buildStored()}) keep
 * them as they were stored, even when they were written before those checks became stricter.
 *
 * @param spec when it fires
 * @param action what each occurrence does
 * @param overlapPolicy what happens while the previous instance still runs (default skip)
 * @param catchup what happens to occurrences missed while no scheduler ran (default once)
 * @param catchupWindow how far back {@link CatchupPolicy#ALL} catches up (default 365 days)
 * @param maxBuffer the most occurrences {@link OverlapPolicy#BUFFER_ALL} keeps (default 1000)
 * @param jitterSeconds the largest random delay added to each fire time (default 0: none)
 * @param maxRuns how many runs before the schedule deletes itself; null for no limit
 * @param labels labels each run the schedule starts carries (non-blank texts to non-blank texts)
 * @param memo memo fields each run the schedule starts carries (any JSON values)
 * @param searchAttributes search attributes each run the schedule starts carries (texts, numbers,
 *     booleans)
 * @param queue the queue each run the schedule starts is served from; null for its machine's
 *     default queue (then the system's, then {@code default}). A send-event action starts no run:
 *     none of these four may be set on it
 * @param notes free-form operator notes
 */
public record ScheduleSettings(
    ScheduleSpec spec,
    ScheduleAction action,
    OverlapPolicy overlapPolicy,
    CatchupPolicy catchup,
    Duration catchupWindow,
    int maxBuffer,
    long jitterSeconds,
    Integer maxRuns,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes,
    String queue,
    String notes) {
  public static final OverlapPolicy DEFAULT_OVERLAP_POLICY = OverlapPolicy.SKIP;
  public static final CatchupPolicy DEFAULT_CATCHUP = CatchupPolicy.ONCE;
  public static final Duration DEFAULT_CATCHUP_WINDOW = Duration.ofDays(365);
  public static final int DEFAULT_MAX_BUFFER = 1000;

  public ScheduleSettings {
    if (spec == null) {
      throw new InvalidScheduleException(
          "a schedule needs a spec; give a cron expression, an interval, a time date or a cycle");
    }
    if (action == null) {
      throw new InvalidScheduleException(
          "a schedule needs an action; use startMachine(machine, input) or sendEvent(instance,"
              + " event, payload)");
    }
    InputRules.text("notes", notes);
    overlapPolicy = overlapPolicy == null ? DEFAULT_OVERLAP_POLICY : overlapPolicy;
    catchup = catchup == null ? DEFAULT_CATCHUP : catchup;
    catchupWindow = catchupWindow == null ? DEFAULT_CATCHUP_WINDOW : catchupWindow;
    if (catchupWindow.isNegative() || catchupWindow.isZero()) {
      throw new InvalidScheduleException(
          "catchup_window " + catchupWindow + " must be positive; write e.g. P1D or P365D");
    }
    if (maxBuffer < 1) {
      throw new InvalidScheduleException(
          "max_buffer " + maxBuffer + " must be at least 1; the default is " + DEFAULT_MAX_BUFFER);
    }
    if (jitterSeconds < 0) {
      throw new InvalidScheduleException(
          "jitter_seconds "
              + jitterSeconds
              + " is negative; write 0 for no jitter or the largest delay in seconds, e.g. 300");
    }
    if (maxRuns != null && maxRuns < 1) {
      throw new InvalidScheduleException(
          "max_runs " + maxRuns + " must be at least 1; leave it unset (null) for no limit");
    }
    if (action instanceof ScheduleAction.SendEvent
        && (overlapPolicy == OverlapPolicy.CANCEL_OTHER
            || overlapPolicy == OverlapPolicy.TERMINATE_OTHER)) {
      throw new InvalidScheduleException(
          "overlap policy "
              + overlapPolicy.wireName()
              + " cancels the run a schedule started, but a send-event action starts none; use"
              + " allow_all (every occurrence sends its event)");
    }
    labels = copy(labels);
    memo = copy(memo);
    searchAttributes = copy(searchAttributes);
  }

  /**
   * The checks of the run settings (labels, memo, search attributes, queue) that creating or
   * updating a schedule applies ({@link Builder#build()}); settings read back from a store skip
   * them ({@link Builder#buildStored()}), so a schedule stored before they became stricter stays
   * readable.
   */
  private ScheduleSettings checkRunSettings() {
    Map<String, String> checkedLabels;
    Map<String, Object> checkedMemo;
    Map<String, Object> checkedAttributes;
    String checkedQueue;
    try {
      checkedLabels = MetadataChecks.labels("labels", labels);
      checkedMemo = MetadataChecks.memo("memo", memo);
      checkedAttributes = MetadataChecks.searchAttributes("search_attributes", searchAttributes);
      checkedQueue = queue == null ? null : MetadataChecks.queue("queue", queue);
    } catch (IllegalArgumentException e) {
      throw new InvalidScheduleException(e.getMessage(), e);
    }
    if (action instanceof ScheduleAction.SendEvent send) {
      refuseRunSettings(send, checkedLabels, checkedMemo, checkedAttributes, checkedQueue);
    }
    return new ScheduleSettings(
        spec,
        action,
        overlapPolicy,
        catchup,
        catchupWindow,
        maxBuffer,
        jitterSeconds,
        maxRuns,
        checkedLabels,
        checkedMemo,
        checkedAttributes,
        checkedQueue,
        notes);
  }

  private static <V> Map<String, V> copy(Map<String, V> map) {
    return map == null || map.isEmpty()
        ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }

  /**
   * A send-event action sends to an instance that exists, with its own queue and metadata: run
   * settings would be stored and never applied.
   */
  private static void refuseRunSettings(
      ScheduleAction.SendEvent send,
      Map<String, String> labels,
      Map<String, Object> memo,
      Map<String, Object> searchAttributes,
      String queue) {
    List<String> set = new ArrayList<>();
    if (!labels.isEmpty()) {
      set.add("labels");
    }
    if (!memo.isEmpty()) {
      set.add("memo");
    }
    if (!searchAttributes.isEmpty()) {
      set.add("search_attributes");
    }
    if (queue != null) {
      set.add("queue");
    }
    if (!set.isEmpty()) {
      throw new InvalidScheduleException(
          String.join(", ", set)
              + " apply to the runs a schedule starts, but a send-event action starts none: its"
              + " event goes to instance '"
              + send.instanceId()
              + "', which keeps the queue and metadata it was created with; remove "
              + String.join(", ", set)
              + " or use a start-machine action");
    }
  }

  /** Settings with the defaults for everything but the spec and the action. */
  public static ScheduleSettings of(ScheduleSpec spec, ScheduleAction action) {
    return builder().spec(spec).action(action).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings. */
  public Builder toBuilder() {
    return builder()
        .spec(spec)
        .action(action)
        .overlapPolicy(overlapPolicy)
        .catchup(catchup)
        .catchupWindow(catchupWindow)
        .maxBuffer(maxBuffer)
        .jitterSeconds(jitterSeconds)
        .maxRuns(maxRuns)
        .labels(labels)
        .memo(memo)
        .searchAttributes(searchAttributes)
        .queue(queue)
        .notes(notes);
  }

  /** True when a change to {@code other} moves fire times (spec or jitter). */
  public boolean timingDiffers(ScheduleSettings other) {
    return !spec.equals(other.spec) || jitterSeconds != other.jitterSeconds;
  }

  /** The wire names of the fields whose values differ in {@code other}, in declaration order. */
  public List<String> changedFields(ScheduleSettings other) {
    List<String> changed = new ArrayList<>();
    add(changed, "spec", spec, other.spec);
    add(changed, "action", action, other.action);
    add(changed, "overlap_policy", overlapPolicy, other.overlapPolicy);
    add(changed, "catchup", catchup, other.catchup);
    add(changed, "catchup_window", catchupWindow, other.catchupWindow);
    add(changed, "max_buffer", maxBuffer, other.maxBuffer);
    add(changed, "jitter_seconds", jitterSeconds, other.jitterSeconds);
    add(changed, "max_runs", maxRuns, other.maxRuns);
    add(changed, "labels", labels, other.labels);
    add(changed, "memo", memo, other.memo);
    add(changed, "search_attributes", searchAttributes, other.searchAttributes);
    add(changed, "queue", queue, other.queue);
    add(changed, "notes", notes, other.notes);
    return changed;
  }

  private static void add(List<String> changed, String name, Object before, Object after) {
    if (!Objects.equals(before, after)) {
      changed.add(name);
    }
  }

  /** Collects settings; unset ones take their defaults, and {@link #build()} checks them all. */
  public static final class Builder {
    private ScheduleSpec spec;
    private ScheduleAction action;
    private OverlapPolicy overlapPolicy;
    private CatchupPolicy catchup;
    private Duration catchupWindow;
    private int maxBuffer = DEFAULT_MAX_BUFFER;
    private long jitterSeconds;
    private Integer maxRuns;
    private Map<String, String> labels;
    private Map<String, Object> memo;
    private Map<String, Object> searchAttributes;
    private String queue;
    private String notes;
    private String connection;

    private Builder() {}

    public Builder spec(ScheduleSpec value) {
      this.spec = value;
      return this;
    }

    public Builder action(ScheduleAction value) {
      this.action = value;
      return this;
    }

    public Builder overlapPolicy(OverlapPolicy value) {
      this.overlapPolicy = value;
      return this;
    }

    public Builder catchup(CatchupPolicy value) {
      this.catchup = value;
      return this;
    }

    public Builder catchupWindow(Duration value) {
      this.catchupWindow = value;
      return this;
    }

    public Builder maxBuffer(int value) {
      this.maxBuffer = value;
      return this;
    }

    public Builder jitterSeconds(long value) {
      this.jitterSeconds = value;
      return this;
    }

    /** Null for no limit. */
    public Builder maxRuns(Integer value) {
      this.maxRuns = value;
      return this;
    }

    public Builder labels(Map<String, String> value) {
      this.labels = value;
      return this;
    }

    public Builder memo(Map<String, Object> value) {
      this.memo = value;
      return this;
    }

    public Builder searchAttributes(Map<String, Object> value) {
      this.searchAttributes = value;
      return this;
    }

    public Builder queue(String value) {
      this.queue = value;
      return this;
    }

    public Builder notes(String value) {
      this.notes = value;
      return this;
    }

    /**
     * The seed's queue connection: refused by {@link #build()} unless null. Clockwork runs on one
     * database and has no queue connections; runs are routed with {@link #queue}.
     */
    public Builder connection(String value) {
      this.connection = value;
      return this;
    }

    /**
     * The settings.
     *
     * @throws InvalidScheduleException naming the parameter that is wrong and how to fix it
     */
    public ScheduleSettings build() {
      return settings().checkRunSettings();
    }

    /**
     * The settings as a store read them back: checked as {@link #build()} checks them, except for
     * the run settings (labels, memo, search attributes, queue), kept as they were stored. A
     * schedule stored before those checks became stricter stays readable, so it keeps firing, and
     * an operator can update (where they are checked again) or delete it.
     */
    public ScheduleSettings buildStored() {
      return settings();
    }

    private ScheduleSettings settings() {
      if (connection != null) {
        throw new InvalidScheduleException(
            "connection is not supported: Clockwork runs on one database and has no queue"
                + " connections ('"
                + connection
                + "' was given); route runs with queue: ... instead, and serve that queue with"
                + " workers.queues on the nodes that should run them");
      }
      return new ScheduleSettings(
          spec,
          action,
          overlapPolicy,
          catchup,
          catchupWindow,
          maxBuffer,
          jitterSeconds,
          maxRuns,
          labels,
          memo,
          searchAttributes,
          queue,
          notes);
    }
  }
}
