package dev.clockwork.schedule.definition;

import dev.clockwork.core.time.CronSchedule;
import dev.clockwork.core.time.DstPolicy;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * When a schedule fires: cron expressions (5 fields, 6 with seconds, or a macro such as {@code
 * @daily}) evaluated in a time zone under a DST policy, epoch-aligned intervals, and the ISO 8601
 * forms of a BPMN timer start event: time dates (one occurrence at that instant) and cycles ({@code
 * R[n]/[start/]duration}, n occurrences or unbounded). The earliest upcoming fire of all of them
 * wins. Immutable; every part is parsed once, when the spec is built, so computing the next fire
 * parses nothing.
 *
 * <pre>{@code
 * ScheduleSpec spec = ScheduleSpec.builder()
 *     .cron("0 12 * * *")          // noon daily
 *     .interval("PT6H")            // and every 6 hours
 *     .timezone("America/Chicago")
 *     .build();
 * ScheduleSpec release = ScheduleSpec.builder()
 *     .date("2026-04-27T17:20:00+02:00[Europe/Berlin]") // once
 *     .build();
 * ScheduleSpec daily = ScheduleSpec.builder()
 *     .cycle("R3/2026-04-27T17:20:00Z/P1D")             // 3 times, a day apart
 *     .build();
 * }</pre>
 *
 * <p>A cycle with a start begins at it (the start is its first occurrence); calendar units move
 * the wall clock in the start's zone id when it has one, else in the schedule's zone. A cycle
 * without a start ({@code R5/PT10S}) fires one duration after its {@linkplain #cycleAnchor()
 * anchor}, the instant the spec was set on its schedule, and every duration after that: as a BPMN
 * cycle without a start begins when its timer is created. When a spec has no occurrence left, its
 * schedule is over.
 */
public final class ScheduleSpec {
  private final List<String> cronExpressions;
  private final List<IntervalSpec> intervals;
  private final ZoneId timezone;
  private final DstPolicy dstPolicy;
  private final List<CronSchedule> crons;
  private final IsoParts iso;

  private ScheduleSpec(Builder builder) {
    this.timezone = builder.timezone;
    this.dstPolicy = new DstPolicy(builder.gap, builder.overlap);
    this.intervals = List.copyOf(builder.intervals);
    this.iso = new IsoParts(builder.dates, builder.cycles, builder.cycleAnchor, timezone);
    List<String> expressions = new ArrayList<>();
    List<CronSchedule> compiled = new ArrayList<>();
    for (String expression : builder.crons) {
      CronSchedule cron = parseCron(expression, timezone, dstPolicy);
      expressions.add(cron.expression());
      compiled.add(cron);
    }
    this.cronExpressions = List.copyOf(expressions);
    this.crons = List.copyOf(compiled);
    if (crons.isEmpty() && intervals.isEmpty() && iso.isEmpty()) {
      throw new InvalidScheduleException(
          "a schedule spec needs at least one cron expression or interval, time date or cycle;"
              + " write e.g. cron(\"0 2 * * *\"), interval(\"PT30M\"),"
              + " date(\"2026-04-27T17:20:00Z\") or cycle(\"R5/PT10S\")");
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

  /**
   * The earliest occurrence of any part strictly after {@code after}; empty when none is left.
   *
   * @throws IllegalStateException when a cycle without a start has no anchor yet ({@link
   *     #anchoredAt})
   */
  public Optional<Instant> next(Instant after) {
    Instant best = iso.next(after).orElse(null);
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

  /**
   * The first occurrence of a schedule created at {@code created}. When a time date, or the start
   * of a cycle, is already past, the earliest such occurrence: it is overdue, and the first tick
   * handles it and the spec's later occurrences up to then under the catch-up policy, as it would
   * after an outage. Otherwise the first occurrence after {@code created}.
   *
   * @throws InvalidScheduleException when an overdue date or cycle is mixed with cron expressions
   *     or intervals, whose occurrences before the schedule existed the catch-up would run too
   */
  public Optional<Instant> first(Instant created) {
    Optional<Instant> overdue = iso.earliestAtOrBefore(created);
    if (overdue.isEmpty()) {
      return next(created);
    }
    if (!crons.isEmpty() || !intervals.isEmpty()) {
      throw new InvalidScheduleException(
          "spec "
              + this
              + ": the time date or cycle start "
              + overdue.get()
              + " has passed, and its catch-up would also run the cron expressions' and"
              + " intervals' occurrences since then; create the past date or cycle as a schedule"
              + " of its own");
    }
    return overdue;
  }

  /** True when a cycle without a start has no {@link #cycleAnchor() anchor} to count from yet. */
  public boolean needsAnchor() {
    return iso.unanchored();
  }

  /**
   * This spec with its cycles without a start counting from {@code anchor}; this spec itself when
   * it needs no anchor. {@link dev.clockwork.schedule.Schedules} anchors a spec at the instant it
   * creates the schedule or an update sets the spec.
   */
  public ScheduleSpec anchoredAt(Instant anchor) {
    return needsAnchor() ? toBuilder().cycleAnchor(anchor).build() : this;
  }

  public List<String> cronExpressions() {
    return cronExpressions;
  }

  public List<IntervalSpec> intervals() {
    return intervals;
  }

  /** The time dates, as written. */
  public List<String> dates() {
    return iso.dates();
  }

  /** The cycles ({@code R[n]/[start/]duration}), as written. */
  public List<String> cycles() {
    return iso.cycles();
  }

  /** When the cycles without a start began; empty when there are none, or not yet anchored. */
  public Optional<Instant> cycleAnchor() {
    return Optional.ofNullable(iso.anchor());
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
    iso.dates().forEach(builder::date);
    iso.cycles().forEach(builder::cycle);
    return builder.cycleAnchor(iso.anchor());
  }

  /**
   * {@code {cron_expressions: [...], intervals: [...], dates: [...], cycles: [...], cycle_anchor:
   * ..., timezone: ..., dst_gap: ..., dst_overlap: ...}}; empty lists, a missing anchor and default
   * DST parts are left out.
   */
  public Map<String, Object> toMap() {
    return SpecMaps.write(this);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ScheduleSpec && toMap().equals(((ScheduleSpec) other).toMap());
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        cronExpressions, intervals, iso.dates(), iso.cycles(), iso.anchor(), timezone, dstPolicy);
  }

  @Override
  public String toString() {
    return toMap().toString();
  }

  /** Collects the parts of a spec; {@link #build()} checks them. */
  public static final class Builder {
    private final List<String> crons = new ArrayList<>();
    private final List<IntervalSpec> intervals = new ArrayList<>();
    private final List<String> dates = new ArrayList<>();
    private final List<String> cycles = new ArrayList<>();
    private Instant cycleAnchor;
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

    /**
     * Adds a time date: one occurrence at that instant. ISO 8601 with {@code Z}, an offset, or an
     * offset and a zone id: {@code 2026-04-27T17:20:00Z}, {@code 2026-04-27T19:20:00+02:00}, {@code
     * 2026-04-27T19:20:00+02:00[Europe/Berlin]}.
     */
    public Builder date(String iso) {
      dates.add(iso);
      return this;
    }

    /**
     * Adds a cycle, an ISO 8601 repeating interval: {@code R3/2026-04-27T17:20:00Z/P1D} (3 times
     * from that instant, a day apart), {@code R/2026-04-27T17:20:00Z/P1D} (unbounded), {@code
     * R5/PT10S} (5 times, the first 10 seconds after the schedule is created).
     */
    public Builder cycle(String iso) {
      cycles.add(iso);
      return this;
    }

    /**
     * The instant cycles without a start count from (null: not yet; {@link
     * dev.clockwork.schedule.Schedules} sets it). Kept only when such a cycle exists.
     */
    public Builder cycleAnchor(Instant anchor) {
      this.cycleAnchor = anchor;
      return this;
    }

    /** The zone cron expressions and cycles without a zone id are read in (default UTC). */
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
     * @throws InvalidScheduleException naming the bad cron field, date or cycle, or when there is
     *     nothing to fire
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
