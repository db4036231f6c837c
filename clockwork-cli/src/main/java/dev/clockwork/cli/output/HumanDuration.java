package dev.clockwork.cli.output;

import java.time.Duration;

/**
 * Durations as every table and line of the CLI prints them: the largest unit first, at most two
 * units ({@code 0s}, {@code 45ms}, {@code 4.2s}, {@code 30s}, {@code 5m 30s}, {@code 2h 5m}, {@code
 * 7d}, {@code 1d 12h}). JSON prints ISO 8601 instead ({@code PT4.2S}), through {@link Json}.
 */
public final class HumanDuration {
  private HumanDuration() {}

  public static String format(Duration duration) {
    if (duration == null) {
      return "-";
    }
    if (duration.isNegative()) {
      return "-" + format(duration.negated());
    }
    if (duration.isZero()) {
      return "0s";
    }
    long millis = duration.toMillis();
    if (millis < 1_000) {
      return millis == 0 ? "<1ms" : millis + "ms";
    }
    if (millis < 60_000) {
      long tenths = Math.round(millis / 100.0);
      return tenths % 10 == 0 ? tenths / 10 + "s" : tenths / 10 + "." + tenths % 10 + "s";
    }
    long seconds = duration.toSeconds();
    if (seconds < 3_600) {
      return two(seconds / 60, "m", seconds % 60, "s");
    }
    if (seconds < 86_400) {
      return two(seconds / 3_600, "h", seconds % 3_600 / 60, "m");
    }
    return two(seconds / 86_400, "d", seconds % 86_400 / 3_600, "h");
  }

  /** {@code 2s ago} (or {@code in 2s} for an instant still ahead). */
  public static String ago(Duration elapsed) {
    return elapsed.isNegative() ? "in " + format(elapsed.negated()) : format(elapsed) + " ago";
  }

  private static String two(long big, String bigUnit, long small, String smallUnit) {
    return small == 0 ? big + bigUnit : big + bigUnit + " " + small + smallUnit;
  }
}
