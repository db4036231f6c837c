package dev.clockwork.core.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.List;
import java.util.Objects;

/**
 * How a wall-clock date-time that daylight saving time (or any other offset change) makes ambiguous
 * becomes instants.
 *
 * <ul>
 *   <li>{@link Gap}: the local time does not exist (clocks jump forward over it). {@link
 *       Gap#SHIFT_FORWARD} (default) fires at the first valid instant after the gap, which is the
 *       transition instant (02:30 on a New York spring-forward night fires at 03:00 EDT); {@link
 *       Gap#SKIP} does not fire.
 *   <li>{@link Overlap}: the local time happens twice (clocks fall back). {@link Overlap#FIRST}
 *       (default) fires once, at the earlier offset; {@link Overlap#LAST} once, at the later
 *       offset; {@link Overlap#BOTH} fires at both.
 * </ul>
 *
 * @param gap what a local time inside a gap does
 * @param overlap what a local time inside an overlap does
 */
public record DstPolicy(Gap gap, Overlap overlap) {
  /** Gap: shift forward; overlap: the first (earlier) instant. */
  public static final DstPolicy DEFAULT = new DstPolicy(Gap.SHIFT_FORWARD, Overlap.FIRST);

  /** What a local time that falls into a gap does. */
  public enum Gap {
    /** Fire at the transition instant, the first valid instant after the gap. */
    SHIFT_FORWARD,
    /** Do not fire. */
    SKIP
  }

  /** What a local time that falls into an overlap does. */
  public enum Overlap {
    /** Fire once, at the earlier instant (the offset before the transition). */
    FIRST,
    /** Fire once, at the later instant (the offset after the transition). */
    LAST,
    /** Fire at both instants. */
    BOTH
  }

  /** Checks that both parts are given. */
  public DstPolicy {
    Objects.requireNonNull(gap, "gap");
    Objects.requireNonNull(overlap, "overlap");
  }

  /** The policy with these parts. */
  public static DstPolicy of(Gap gap, Overlap overlap) {
    return new DstPolicy(gap, overlap);
  }

  /**
   * The instants, in ascending order, at which {@code local} happens in {@code zone} under this
   * policy: one for an ordinary time, zero or one inside a gap, one or two inside an overlap.
   */
  public List<Instant> resolve(LocalDateTime local, ZoneId zone) {
    ZoneRules rules = zone.getRules();
    List<ZoneOffset> offsets = rules.getValidOffsets(local);
    if (offsets.size() == 1) {
      return List.of(local.toInstant(offsets.get(0)));
    }
    ZoneOffsetTransition transition = rules.getTransition(local);
    if (offsets.isEmpty()) {
      return gap == Gap.SKIP ? List.of() : List.of(transition.getInstant());
    }
    Instant earlier = local.toInstant(transition.getOffsetBefore());
    Instant later = local.toInstant(transition.getOffsetAfter());
    switch (overlap) {
      case FIRST:
        return List.of(earlier);
      case LAST:
        return List.of(later);
      default:
        return List.of(earlier, later);
    }
  }

  /** Short text such as "gap SKIP, overlap BOTH". */
  @Override
  public String toString() {
    return "gap " + gap + ", overlap " + overlap;
  }
}
