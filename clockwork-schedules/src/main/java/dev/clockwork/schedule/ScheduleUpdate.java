package dev.clockwork.schedule;

import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Changes to a schedule's settings; what is not set stays as it is. A change of spec, cron,
 * timezone, DST policy or jitter recomputes the next fire from now; a new {@code max_runs} starts a
 * fresh count of remaining actions.
 *
 * <pre>{@code
 * schedules.update("daily-invoice-sync", ScheduleUpdate.builder()
 *     .cron("30 3 * * *")
 *     .timezone("America/Chicago")
 *     .overlapPolicy(OverlapPolicy.ALLOW_ALL)
 *     .notes("Moved to 3:30 AM CT.")
 *     .build());
 * }</pre>
 */
public final class ScheduleUpdate implements UnaryOperator<ScheduleSettings> {
  private final ScheduleSpec spec;
  private final List<Consumer<ScheduleSpec.Builder>> specChanges;
  private final List<Consumer<ScheduleSettings.Builder>> changes;

  private ScheduleUpdate(Builder builder) {
    this.spec = builder.spec;
    this.specChanges = List.copyOf(builder.specChanges);
    this.changes = List.copyOf(builder.changes);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The settings with these changes, checked like new settings. */
  @Override
  public ScheduleSettings apply(ScheduleSettings current) {
    ScheduleSpec newSpec = spec != null ? spec : current.spec();
    if (!specChanges.isEmpty()) {
      ScheduleSpec.Builder builder = newSpec.toBuilder();
      specChanges.forEach(change -> change.accept(builder));
      newSpec = builder.build();
    }
    ScheduleSettings.Builder settings = current.toBuilder().spec(newSpec);
    changes.forEach(change -> change.accept(settings));
    return settings.build();
  }

  /** Collects changes. */
  public static final class Builder {
    private ScheduleSpec spec;
    private final List<Consumer<ScheduleSpec.Builder>> specChanges = new ArrayList<>();
    private final List<Consumer<ScheduleSettings.Builder>> changes = new ArrayList<>();

    private Builder() {}

    /** Replaces the cron expressions with this one (intervals stay). */
    public Builder cron(String expression) {
      specChanges.add(b -> b.cronExpressions(List.of(expression)));
      return this;
    }

    public Builder timezone(String zone) {
      specChanges.add(b -> b.timezone(zone));
      return this;
    }

    /** {@code shift_forward} or {@code skip}. */
    public Builder dstGap(String policy) {
      specChanges.add(b -> b.dstGap(policy));
      return this;
    }

    /** {@code first}, {@code last} or {@code both}. */
    public Builder dstOverlap(String policy) {
      specChanges.add(b -> b.dstOverlap(policy));
      return this;
    }

    /** Replaces the whole spec (cron, timezone and DST changes given here apply on top). */
    public Builder spec(ScheduleSpec value) {
      this.spec = value;
      return this;
    }

    public Builder spec(Map<String, ?> value) {
      return spec(ScheduleSpec.fromMap(value));
    }

    public Builder action(ScheduleAction value) {
      return with(b -> b.action(value));
    }

    public Builder overlapPolicy(OverlapPolicy value) {
      return with(b -> b.overlapPolicy(value));
    }

    public Builder overlapPolicy(String value) {
      return overlapPolicy(OverlapPolicy.parse(value));
    }

    public Builder catchup(CatchupPolicy value) {
      return with(b -> b.catchup(value));
    }

    public Builder catchupWindow(Duration value) {
      return with(b -> b.catchupWindow(value));
    }

    public Builder maxBuffer(int value) {
      return with(b -> b.maxBuffer(value));
    }

    public Builder jitterSeconds(long value) {
      return with(b -> b.jitterSeconds(value));
    }

    /** A new limit (remaining actions start again from it); null removes the limit. */
    public Builder maxRuns(Integer value) {
      return with(b -> b.maxRuns(value));
    }

    public Builder labels(Map<String, String> value) {
      return with(b -> b.labels(value));
    }

    public Builder memo(Map<String, Object> value) {
      return with(b -> b.memo(value));
    }

    public Builder searchAttributes(Map<String, Object> value) {
      return with(b -> b.searchAttributes(value));
    }

    /** The queue each run is served from from now on (null: its machine's default queue). */
    public Builder queue(String value) {
      return with(b -> b.queue(value));
    }

    /** Refused when applied unless null: Clockwork runs on one database; use {@link #queue}. */
    public Builder connection(String value) {
      return with(b -> b.connection(value));
    }

    public Builder notes(String value) {
      return with(b -> b.notes(value));
    }

    /** Any change to the settings builder. */
    public Builder with(Consumer<ScheduleSettings.Builder> change) {
      changes.add(change);
      return this;
    }

    public ScheduleUpdate build() {
      return new ScheduleUpdate(this);
    }
  }
}
