package dev.clockwork.runtime.schedule.definition;

import dev.clockwork.core.time.CronSchedule;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * When a schedule fires: cron expressions (5 fields, 6 with seconds, or a macro such as {@code
 * @daily}) evaluated in a time zone under a DST policy, and epoch-aligned intervals. The earliest
 * upcoming fire of all of them wins. Immutable; the cron expressions are parsed once, when the spec
 * is built, so computing the next fire parses nothing.
 *
 * <pre>{@code
 * ScheduleSpec spec = ScheduleSpec.builder()
 *     .cron("0 12 * * *")          // noon daily
 *     .interval("PT6H")            // and every 6 hours
 *     .timezone("America/Chicago")
 *     .build();
 * }</pre>
 */
public final class ScheduleSpec {
  private final List<String> cronExpressions;
  private final List<IntervalSpec> intervals;
  private final ZoneId timezone;
  private final DstPolicy dstPolicy;
  private final List<CronSchedule> crons;

  private ScheduleSpec(Builder builder) {
    this.timezone = builder.timezone;
    this.dstPolicy = new DstPolicy(builder.gap, builder.overlap);
    this.intervals = List.copyOf(builder.intervals);
    List<String> expressions = new ArrayList<>();
    List<CronSchedule> compiled = new ArrayList<>();
    for (String expression : builder.crons) {
      CronSchedule cron = parseCron(expression, timezone, dstPolicy);
      expressions.add(cron.expression());
      compiled.add(cron);
    }
    this.cronExpressions = List.copyOf(expressions);
    this.crons = List.copyOf(compiled);
    if (crons.isEmpty() && intervals.isEmpty()) {
      throw new InvalidScheduleException(
          "a schedule spec needs at least one cron expression or interval; write e.g."
              + " cron(\"0 2 * * *\") or interval(\"PT30M\")");
    }
  }

  private static CronSchedule parseCron(String expression, ZoneId zone, DstPolicy policy) {
    try {
      return CronSchedule.parse(expression, zone, policy);
    } catch (InvalidTimerDefinitionException e) {
      throw new InvalidScheduleException(e.getMessage(), e);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** One cron expression in UTC. */
  public static ScheduleSpec cron(String expression) {
    return builder().cron(expression).build();
  }

  /** The spec written as a map; see {@link SpecMaps#spec}. */
  public static ScheduleSpec fromMap(Map<String, ?> spec) {
    return SpecMaps.spec(spec);
  }

  /** The earliest fire of any cron expression or interval strictly after {@code after}. */
  public Optional<Instant> next(Instant after) {
    Instant best = null;
    for (CronSchedule cron : crons) {
      Instant candidate = cron.next(after).orElse(null);
      if (candidate != null && (best == null || candidate.isBefore(best))) {
        best = candidate;
      }
    }
    for (IntervalSpec interval : intervals) {
      Instant candidate = interval.next(after);
      if (best == null || candidate.isBefore(best)) {
        best = candidate;
      }
    }
    return Optional.ofNullable(best);
  }

  public List<String> cronExpressions() {
    return cronExpressions;
  }

  public List<IntervalSpec> intervals() {
    return intervals;
  }

  public ZoneId timezone() {
    return timezone;
  }

  public DstPolicy dstPolicy() {
    return dstPolicy;
  }

  /** The first cron expression, or null for an interval-only spec. */
  public String primaryCronExpression() {
    return cronExpressions.isEmpty() ? null : cronExpressions.get(0);
  }

  /** A builder holding this spec's parts. */
  public Builder toBuilder() {
    Builder builder = builder().timezone(timezone).dstGap(dstPolicy.gap());
    builder.dstOverlap(dstPolicy.overlap());
    cronExpressions.forEach(builder::cron);
    intervals.forEach(builder::interval);
    return builder;
  }

  /**
   * {@code {cron_expressions: [...], intervals: [...], timezone: ..., dst_gap: ..., dst_overlap:
   * ...}}; empty lists and default DST parts are left out.
   */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    if (!cronExpressions.isEmpty()) {
      map.put("cron_expressions", cronExpressions);
    }
    if (!intervals.isEmpty()) {
      map.put("intervals", intervals.stream().map(IntervalSpec::toMap).toList());
    }
    map.put("timezone", timezone.getId());
    if (dstPolicy.gap() != DstPolicy.DEFAULT.gap()) {
      map.put("dst_gap", WireNames.of(dstPolicy.gap()));
    }
    if (dstPolicy.overlap() != DstPolicy.DEFAULT.overlap()) {
      map.put("dst_overlap", WireNames.of(dstPolicy.overlap()));
    }
    return map;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ScheduleSpec && toMap().equals(((ScheduleSpec) other).toMap());
  }

  @Override
  public int hashCode() {
    return Objects.hash(cronExpressions, intervals, timezone, dstPolicy);
  }

  @Override
  public String toString() {
    return toMap().toString();
  }

  /** Collects the parts of a spec; {@link #build()} checks them. */
  public static final class Builder {
    private final List<String> crons = new ArrayList<>();
    private final List<IntervalSpec> intervals = new ArrayList<>();
    private ZoneId timezone = ZoneId.of("UTC");
    private DstPolicy.Gap gap = DstPolicy.DEFAULT.gap();
    private DstPolicy.Overlap overlap = DstPolicy.DEFAULT.overlap();

    private Builder() {}

    /** Adds a cron expression. */
    public Builder cron(String expression) {
      crons.add(expression);
      return this;
    }

    /** Replaces the cron expressions. */
    public Builder cronExpressions(List<String> expressions) {
      crons.clear();
      crons.addAll(expressions);
      return this;
    }

    public Builder interval(IntervalSpec interval) {
      intervals.add(Objects.requireNonNull(interval, "interval"));
      return this;
    }

    /** Adds an interval such as {@code PT30M} (ISO 8601) or {@code 30 minutes}. */
    public Builder interval(String every) {
      return interval(IntervalSpec.every(every));
    }

    /** Adds an interval with a phase offset: {@code interval("PT1H", "PT5M")} fires at :05. */
    public Builder interval(String every, String offset) {
      return interval(IntervalSpec.of(every, offset));
    }

    /** Replaces the intervals. */
    public Builder intervals(List<IntervalSpec> replacement) {
      intervals.clear();
      intervals.addAll(replacement);
      return this;
    }

    /** The zone the cron expressions are read in (default UTC). */
    public Builder timezone(ZoneId zone) {
      this.timezone = Objects.requireNonNull(zone, "timezone");
      return this;
    }

    /** An IANA zone id such as {@code America/New_York}. */
    public Builder timezone(String zone) {
      return timezone(zone(zone));
    }

    /** What a cron time in a DST gap does (default shift forward). */
    public Builder dstGap(DstPolicy.Gap policy) {
      this.gap = Objects.requireNonNull(policy, "dst gap");
      return this;
    }

    /** {@code shift_forward} or {@code skip}. */
    public Builder dstGap(String policy) {
      return dstGap(WireNames.parse(DstPolicy.Gap.class, "dst_gap", policy));
    }

    /** What a cron time in a DST overlap does (default first). */
    public Builder dstOverlap(DstPolicy.Overlap policy) {
      this.overlap = Objects.requireNonNull(policy, "dst overlap");
      return this;
    }

    /** {@code first}, {@code last} or {@code both}. */
    public Builder dstOverlap(String policy) {
      return dstOverlap(WireNames.parse(DstPolicy.Overlap.class, "dst_overlap", policy));
    }

    /**
     * The spec.
     *
     * @throws InvalidScheduleException naming the bad cron field, or when there is nothing to fire
     */
    public ScheduleSpec build() {
      return new ScheduleSpec(this);
    }
  }

  static ZoneId zone(String text) {
    try {
      return ZoneId.of(text == null ? "" : text.trim());
    } catch (DateTimeException e) {
      throw new InvalidScheduleException(
          "timezone '"
              + text
              + "' is not a known time zone; write an IANA zone id such as America/New_York,"
              + " Europe/Berlin or UTC",
          e);
    }
  }
}
