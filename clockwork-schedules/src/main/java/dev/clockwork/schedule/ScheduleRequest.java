package dev.clockwork.schedule;

import dev.clockwork.core.time.Durations;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleNames;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;

/**
 * A schedule to create: its id, namespace and {@link ScheduleSettings}. Checked when built.
 *
 * <pre>{@code
 * ScheduleRequest request = ScheduleRequest.builder("daily-invoice-sync")
 *     .startMachine("invoice-sync", Map.of("mode", "nightly"))
 *     .cron("0 2 * * *")
 *     .timezone("America/New_York")
 *     .overlapPolicy(OverlapPolicy.SKIP)
 *     .labels(Map.of("team", "billing"))
 *     .notes("Runs every night at 2 AM ET.")
 *     .build();
 * }</pre>
 *
 * @param scheduleId unique in its namespace
 * @param namespace the namespace, or null for the service's default
 * @param settings everything else
 */
public record ScheduleRequest(String scheduleId, String namespace, ScheduleSettings settings) {
  public ScheduleRequest {
    ScheduleNames.check("schedule id", scheduleId);
    if (namespace != null) {
      ScheduleNames.check("namespace", namespace);
    }
  }

  public static Builder builder(String scheduleId) {
    return new Builder(scheduleId);
  }

  /** Collects a schedule's parameters; each has the seed's default. */
  public static final class Builder {
    private final String scheduleId;
    private final ScheduleSpec.Builder spec = ScheduleSpec.builder();
    private final ScheduleSettings.Builder settings = ScheduleSettings.builder();
    private ScheduleSpec wholeSpec;
    private String namespace;

    private Builder(String scheduleId) {
      this.scheduleId = scheduleId;
    }

    /** Each occurrence starts an instance of {@code machine} with {@code input}. */
    public Builder startMachine(String machine, Map<String, ?> input) {
      return action(ScheduleAction.startMachine(machine, input));
    }

    /** Each occurrence sends {@code event} to the instance {@code instanceId}. */
    public Builder sendEvent(String instanceId, String event, Map<String, ?> payload) {
      return action(ScheduleAction.sendEvent(instanceId, event, payload));
    }

    public Builder action(ScheduleAction value) {
      settings.action(value);
      return this;
    }

    /** The action as a map; see {@link ScheduleAction#fromMap}. */
    public Builder action(Map<String, ?> value) {
      return action(ScheduleAction.fromMap(value));
    }

    /** Adds a cron expression (5 or 6 fields, or a macro such as {@code @hourly}). */
    public Builder cron(String expression) {
      spec.cron(expression);
      return this;
    }

    /** Adds an interval such as {@code PT30M}. */
    public Builder interval(String every) {
      spec.interval(every);
      return this;
    }

    /** Adds an interval with a phase offset: {@code interval("PT1H", "PT5M")} fires at :05. */
    public Builder interval(String every, String offset) {
      spec.interval(every, offset);
      return this;
    }

    /** Adds a time date: one occurrence at that instant, e.g. {@code 2026-04-27T17:20:00Z}. */
    public Builder date(String iso) {
      spec.date(iso);
      return this;
    }

    /**
     * Adds a cycle: {@code R3/2026-04-27T17:20:00Z/P1D}, {@code R/2026-04-27T17:20:00Z/P1D}, or
     * {@code R5/PT10S} (counted from the schedule's creation).
     */
    public Builder cycle(String iso) {
      spec.cycle(iso);
      return this;
    }

    /** The zone cron expressions and cycles are read in (default UTC). */
    public Builder timezone(String zone) {
      spec.timezone(zone);
      return this;
    }

    public Builder timezone(ZoneId zone) {
      spec.timezone(zone);
      return this;
    }

    /** {@code shift_forward} (default) or {@code skip}. */
    public Builder dstGap(String policy) {
      spec.dstGap(policy);
      return this;
    }

    /** {@code first} (default), {@code last} or {@code both}. */
    public Builder dstOverlap(String policy) {
      spec.dstOverlap(policy);
      return this;
    }

    /** The whole spec, instead of the cron, interval, timezone and DST calls. */
    public Builder spec(ScheduleSpec value) {
      this.wholeSpec = value;
      return this;
    }

    /** The whole spec as a map; see {@link ScheduleSpec#fromMap}. */
    public Builder spec(Map<String, ?> value) {
      return spec(ScheduleSpec.fromMap(value));
    }

    /** The namespace (default: the service's). */
    public Builder namespace(String value) {
      this.namespace = value;
      return this;
    }

    public Builder overlapPolicy(OverlapPolicy value) {
      settings.overlapPolicy(value);
      return this;
    }

    /** {@code skip}, {@code buffer_one}, {@code buffer_all}, {@code allow_all}, … */
    public Builder overlapPolicy(String value) {
      return overlapPolicy(OverlapPolicy.parse(value));
    }

    public Builder catchup(CatchupPolicy value) {
      settings.catchup(value);
      return this;
    }

    /** {@code once}, {@code all} or {@code skip}. */
    public Builder catchup(String value) {
      return catchup(CatchupPolicy.parse(value));
    }

    public Builder catchupWindow(Duration value) {
      settings.catchupWindow(value);
      return this;
    }

    /** {@code P7D}, {@code 12 hours}, … */
    public Builder catchupWindow(String value) {
      try {
        return catchupWindow(Durations.parse(value));
      } catch (InvalidTimerDefinitionException e) {
        throw new InvalidScheduleException("catchup_window: " + e.getMessage(), e);
      }
    }

    public Builder maxBuffer(int value) {
      settings.maxBuffer(value);
      return this;
    }

    public Builder jitterSeconds(long value) {
      settings.jitterSeconds(value);
      return this;
    }

    public Builder maxRuns(Integer value) {
      settings.maxRuns(value);
      return this;
    }

    public Builder labels(Map<String, String> value) {
      settings.labels(value);
      return this;
    }

    public Builder memo(Map<String, Object> value) {
      settings.memo(value);
      return this;
    }

    public Builder searchAttributes(Map<String, Object> value) {
      settings.searchAttributes(value);
      return this;
    }

    /**
     * The queue each run is served from (null, the default: its machine's default queue); only
     * engines serving it run them ({@code workers.queues}).
     */
    public Builder queue(String value) {
      settings.queue(value);
      return this;
    }

    /**
     * The seed's queue connection, refused when built unless null: Clockwork runs on one database;
     * route runs with {@link #queue}.
     */
    public Builder connection(String value) {
      settings.connection(value);
      return this;
    }

    public Builder notes(String value) {
      settings.notes(value);
      return this;
    }

    /**
     * The request.
     *
     * @throws InvalidScheduleException naming the parameter that is wrong and how to fix it
     */
    public ScheduleRequest build() {
      ScheduleNames.check("schedule id", scheduleId);
      settings.spec(wholeSpec != null ? wholeSpec : spec.build());
      return new ScheduleRequest(scheduleId, namespace, settings.build());
    }
  }
}
