package dev.clockwork.core.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A cron schedule in a zone, evaluated on wall-clock time; also a repeating {@link TimeSpec}
 * without catch-up (first = {@code next(entered)}, next = {@code next(firedAt)}).
 *
 * <p>Syntax, told apart by the number of fields:
 *
 * <ul>
 *   <li>5 fields, classic Unix: {@code minute hour day-of-month month day-of-week}; day-of-week 0
 *       or 7 is Sunday; when neither day field starts with {@code *}, a day matching either one
 *       fires (as in Vixie cron and cronie).
 *   <li>6 fields, Spring style with seconds first: {@code second minute hour day-of-month month
 *       day-of-week}; {@code ?} may stand for "any" in the day fields; both day fields must match.
 *   <li>Macros: {@code @hourly @daily @midnight @weekly @monthly @yearly @annually}.
 * </ul>
 *
 * <p>Each field takes {@code *}, values, names (JAN..DEC, MON..SUN), ranges, steps and lists; see
 * {@link CronField}. An expression that can never fire (such as {@code 0 0 30 2 *}) is refused.
 *
 * <p>DST: the fields match local date-times; each match becomes instants through the {@link
 * DstPolicy} (a time in a gap fires at the transition instant or not at all, a time in an overlap
 * at the earlier, later or both instants). Several local times that become the same instant fire
 * once. Immutable.
 */
public final class CronSchedule implements TimeSpec {
  private static final int SEARCH_YEARS = 400;
  private static final Map<String, String> MACROS =
      Map.of(
          "@hourly", "0 * * * *",
          "@daily", "0 0 * * *",
          "@midnight", "0 0 * * *",
          "@weekly", "0 0 * * 0",
          "@monthly", "0 0 1 * *",
          "@yearly", "0 0 1 1 *",
          "@annually", "0 0 1 1 *");
  private static final String FORMS =
      "write 5 fields (minute hour day-of-month month day-of-week, e.g. '0 9 * * MON-FRI'), 6 with"
          + " seconds first (e.g. '0 0 9-17 * * MON-FRI') or a macro such as @daily";

  private final String expression;
  private final ZoneId zone;
  private final DstPolicy policy;
  private final boolean withSeconds;
  private final CronMatcher matcher;

  private CronSchedule(
      String expression, ZoneId zone, DstPolicy policy, boolean withSeconds, CronMatcher matcher) {
    this.expression = expression;
    this.zone = zone;
    this.policy = policy;
    this.withSeconds = withSeconds;
    this.matcher = matcher;
  }

  /** Parses {@code expression} for {@code zone} with {@link DstPolicy#DEFAULT}. */
  public static CronSchedule parse(String expression, ZoneId zone) {
    return parse(expression, zone, DstPolicy.DEFAULT);
  }

  /**
   * Parses {@code expression} for {@code zone}.
   *
   * @throws InvalidTimerDefinitionException naming the bad field, or when it never fires
   */
  public static CronSchedule parse(String expression, ZoneId zone, DstPolicy policy) {
    Objects.requireNonNull(zone, "zone");
    Objects.requireNonNull(policy, "policy");
    if (expression == null || expression.isBlank()) {
      throw new InvalidTimerDefinitionException("cron '" + expression + "' is empty; " + FORMS);
    }
    String text = expression.trim().replaceAll("\\s+", " ");
    String fieldsText = text;
    if (text.startsWith("@")) {
      fieldsText = MACROS.get(text.toLowerCase(Locale.ROOT));
      if (fieldsText == null) {
        throw new InvalidTimerDefinitionException(
            "cron '"
                + text
                + "': unknown macro; use one of @hourly, @daily, @midnight, @weekly,"
                + " @monthly, @yearly, @annually");
      }
    }
    String[] parts = fieldsText.split(" ");
    if (parts.length != 5 && parts.length != 6) {
      throw new InvalidTimerDefinitionException(
          "cron '" + text + "' has " + parts.length + " fields; " + FORMS);
    }
    boolean withSeconds = parts.length == 6;
    int shift = withSeconds ? 0 : 1;
    BitSet[] fields = new BitSet[6];
    fields[0] = new BitSet();
    fields[0].set(0);
    CronField[] kinds = CronField.values();
    for (int i = shift; i < 6; i++) {
      boolean dayField = kinds[i] == CronField.DAY_OF_MONTH || kinds[i] == CronField.DAY_OF_WEEK;
      fields[i] = kinds[i].parse(text, parts[i - shift], withSeconds && dayField);
    }
    String days = parts[3 - shift];
    String weekdays = parts[5 - shift];
    boolean eitherDay = !withSeconds && !days.startsWith("*") && !weekdays.startsWith("*");
    CronMatcher matcher = new CronMatcher(fields, eitherDay);
    if (!matcher.canFire()) {
      throw new InvalidTimerDefinitionException(
          "cron '"
              + text
              + "' never fires: no month of its month field has a day of its"
              + " day-of-month field (February has at most 29 days); fix one of the two fields");
    }
    return new CronSchedule(text, zone, policy, withSeconds, matcher);
  }

  /**
   * The first fire strictly after {@code after}; empty if there is none (for instance a schedule
   * whose every local time falls into DST gaps under {@link DstPolicy.Gap#SKIP}).
   */
  public Optional<Instant> next(Instant after) {
    try {
      return Optional.ofNullable(search(after));
    } catch (DateTimeException beyondRange) {
      return Optional.empty(); // the search ran off the end of the representable time line
    }
  }

  /**
   * Walks the local matches in wall-clock order, from the earliest local time that can still give
   * an instant after {@code after}, and keeps the earliest instant; it stops once no later local
   * time can give an earlier instant (see {@link #latestLocalTimeBefore}).
   */
  private Instant search(Instant after) {
    ZoneRules rules = zone.getRules();
    LocalDateTime start = LocalDateTime.ofInstant(after, zone);
    ZoneOffsetTransition coming = rules.nextTransition(after);
    if (coming != null && coming.isOverlap() && coming.getDateTimeAfter().isBefore(start)) {
      // inside the first pass of an overlap: earlier local times still happen again, later
      start = coming.getDateTimeAfter();
    }
    int lastYear = start.getYear() + SEARCH_YEARS;
    Instant best = null;
    LocalDateTime bound = null;
    LocalDateTime local = matcher.firstAtOrAfter(start);
    while (local != null && local.getYear() <= lastYear) {
      for (Instant candidate : policy.resolve(local, zone)) {
        if (candidate.isAfter(after) && (best == null || candidate.isBefore(best))) {
          best = candidate;
          bound = latestLocalTimeBefore(rules, after, best);
        }
      }
      if (bound != null && local.plusSeconds(1).isAfter(bound)) {
        break;
      }
      local = matcher.firstAtOrAfter(local.plusSeconds(1));
    }
    return best;
  }

  /**
   * An upper bound of the local times of all instants in {@code (after, best)}: a later local match
   * can only give an earlier instant than {@code best} if its local time is at most this. Local
   * time runs forward with the instant, except that it goes back at each overlap.
   */
  private LocalDateTime latestLocalTimeBefore(ZoneRules rules, Instant after, Instant best) {
    LocalDateTime bound = LocalDateTime.ofInstant(best, zone);
    ZoneOffsetTransition transition = rules.nextTransition(after);
    while (transition != null && !transition.getInstant().isAfter(best)) {
      if (transition.isOverlap() && transition.getDateTimeBefore().isAfter(bound)) {
        bound = transition.getDateTimeBefore();
      }
      transition = rules.nextTransition(transition.getInstant());
    }
    return bound;
  }

  /** Whether {@code local} matches the fields (zone and DST aside). */
  public boolean matches(LocalDateTime local) {
    return matcher.matches(local);
  }

  /** The expression as written, trimmed, single-spaced (macros are kept). */
  public String expression() {
    return expression;
  }

  /** The zone whose wall-clock time the fields match. */
  public ZoneId zone() {
    return zone;
  }

  /** How local times in DST gaps and overlaps fire. */
  public DstPolicy dstPolicy() {
    return policy;
  }

  /** True for 6-field expressions (seconds first). */
  public boolean hasSeconds() {
    return withSeconds;
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    return next(entered);
  }

  @Override
  public Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires) {
    return next(firedAt.isAfter(due) ? firedAt : due);
  }

  @Override
  public int maxFires() {
    return Integer.MAX_VALUE;
  }

  @Override
  public boolean repeating() {
    return true;
  }

  /** "cron 0 0 9-17 * * MON-FRI (Europe/Berlin)", with the policy when it is not the default. */
  @Override
  public String describe() {
    String policyText = policy.equals(DstPolicy.DEFAULT) ? "" : ", " + policy;
    return "cron " + expression + " (" + zone + policyText + ")";
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof CronSchedule)) {
      return false;
    }
    CronSchedule that = (CronSchedule) other;
    return expression.equals(that.expression)
        && zone.equals(that.zone)
        && policy.equals(that.policy);
  }

  @Override
  public int hashCode() {
    return Objects.hash(expression, zone, policy);
  }

  @Override
  public String toString() {
    return describe();
  }
}
