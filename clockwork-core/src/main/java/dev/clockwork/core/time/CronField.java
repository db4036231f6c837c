package dev.clockwork.core.time;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One field of a cron expression, and how its text becomes the set of values it allows. A field is
 * a comma-separated list of items; an item is {@code *}, a value, a range {@code a-b}, each
 * optionally followed by a step {@code /n} ({@code 5/15} means {@code 5-max/15}); {@code ?} stands
 * alone for "any" in the day fields of 6-field expressions. Month and day-of-week take names
 * (JAN..DEC, SUN..SAT, any case). Day-of-week 0 and 7 are both Sunday; Sunday at the end of a range
 * that starts later in the week means 7, so {@code FRI-SUN} and {@code 5-0} work like {@code 5-7}.
 * The Quartz specials {@code L}, {@code W} and {@code #} are not supported.
 */
enum CronField {
  SECOND("second", 0, 59, List.of()),
  MINUTE("minute", 0, 59, List.of()),
  HOUR("hour", 0, 23, List.of()),
  DAY_OF_MONTH("day-of-month", 1, 31, List.of()),
  MONTH(
      "month",
      1,
      12,
      List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")),
  DAY_OF_WEEK("day-of-week", 0, 7, List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"));

  private static final Pattern QUARTZ_SPECIAL =
      Pattern.compile("(?i)(\\d{1,2}|[a-z]{3})?(L|W|LW)(-\\d+)?|.*#.*");

  private final String label;
  private final int min;
  private final int max;
  private final List<String> names;

  CronField(String label, int min, int max, List<String> names) {
    this.label = label;
    this.min = min;
    this.max = max;
    this.names = names;
  }

  /** The name used in messages, such as "day-of-week". */
  String label() {
    return label;
  }

  /**
   * The values {@code text} allows (day-of-week: 0..6, Sunday = 0).
   *
   * @param expression the whole expression, for messages
   * @param questionMark whether {@code ?} is allowed here
   */
  BitSet parse(String expression, String text, boolean questionMark) {
    BitSet values = new BitSet();
    if (text.equals("?")) {
      if (!questionMark) {
        throw error(
            expression,
            text,
            text,
            "is only allowed in the day-of-month and"
                + " day-of-week fields of a 6-field expression; write *");
      }
      values.set(min, max + 1);
    } else {
      for (String item : text.split(",", -1)) {
        parseItem(expression, text, item, values);
      }
    }
    if (this == DAY_OF_WEEK && values.get(7)) {
      values.clear(7);
      values.set(0);
    }
    return values;
  }

  private void parseItem(String expression, String text, String item, BitSet values) {
    if (item.isEmpty()) {
      throw error(
          expression, text, text, "has an empty list item; separate values with single commas");
    }
    String base = item;
    int step = 1;
    int slash = item.indexOf('/');
    if (slash >= 0) {
      base = item.substring(0, slash);
      step = step(expression, text, item.substring(slash + 1));
    }
    int from;
    int to;
    int dash = base.indexOf('-');
    if (dash == 0 || dash == base.length() - 1) {
      throw error(expression, text, base, "is a range without a start or an end; write e.g. 1-5");
    }
    if (base.equals("*")) {
      from = min;
      to = this == DAY_OF_WEEK ? 6 : max;
    } else if (dash >= 0) {
      from = value(expression, text, base.substring(0, dash));
      to = value(expression, text, base.substring(dash + 1));
      if (this == DAY_OF_WEEK && to == 0 && from > 0) {
        to = 7; // FRI-SUN, 5-0: Sunday ends the week
      }
      if (from > to) {
        throw error(
            expression,
            text,
            base,
            "runs backwards; write it as two ranges, e.g. "
                + from
                + "-"
                + max
                + ","
                + min
                + "-"
                + to);
      }
    } else {
      from = value(expression, text, base);
      to = slash >= 0 ? max : from;
    }
    for (int v = from; v <= to; v += step) {
      values.set(v);
    }
  }

  private int step(String expression, String text, String part) {
    int step = number(part);
    if (step < 1 || step > max) {
      throw error(expression, text, "/" + part, "is not a step from 1 to " + max);
    }
    return step;
  }

  private int value(String expression, String text, String part) {
    int index = names.indexOf(part.toUpperCase(Locale.ROOT));
    if (index >= 0) {
      return index + min;
    }
    int value = number(part);
    if (value == Integer.MIN_VALUE && QUARTZ_SPECIAL.matcher(part).matches()) {
      throw error(
          expression,
          text,
          part,
          "uses the Quartz specials L, W or #, which are not"
              + " supported; list the values instead, e.g. 1,15 or MON-FRI");
    }
    if (value == Integer.MIN_VALUE) {
      String kind =
          names.isEmpty()
              ? "a number"
              : this == MONTH
                  ? "a month name (JAN..DEC) or number"
                  : "a day name (MON..SUN) or number";
      throw error(expression, text, part, "is not " + kind);
    }
    if (value < min || value > max) {
      throw error(expression, text, part, "is out of range " + min + "-" + max);
    }
    return value;
  }

  /** The decimal number, or {@link Integer#MIN_VALUE} when {@code part} is not one. */
  private static int number(String part) {
    if (part.isEmpty() || part.length() > 9 || !part.chars().allMatch(Character::isDigit)) {
      return Integer.MIN_VALUE;
    }
    return Integer.parseInt(part);
  }

  private InvalidTimerDefinitionException error(
      String expression, String text, String culprit, String problem) {
    String where = label + " field '" + text + "'";
    String what = culprit.equals(text) ? " " + problem : ": '" + culprit + "' " + problem;
    return new InvalidTimerDefinitionException("cron '" + expression + "': " + where + what);
  }
}
