package dev.clockwork.bench.report;

import java.util.Locale;

/** Number formats of every report: short, with units, the same on every locale. */
public final class Figures {
  private Figures() {}

  /** "12,345/s". */
  public static String rate(double perSecond) {
    return Double.isNaN(perSecond) ? "—" : String.format(Locale.ROOT, "%,.0f/s", perSecond);
  }

  /** "136×", "12.3×", "3.21×". */
  public static String ratio(double ratio) {
    if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
      return "—";
    }
    if (ratio >= 100) {
      return String.format(Locale.ROOT, "%.0f×", ratio);
    }
    return String.format(Locale.ROOT, ratio >= 10 ? "%.1f×" : "%.2f×", ratio);
  }

  /** "0.84 ms", "12.3 ms", "1,234 ms" from nanoseconds. */
  public static String millis(double nanos) {
    if (Double.isNaN(nanos)) {
      return "—";
    }
    double ms = nanos / 1e6;
    if (ms < 10) {
      return String.format(Locale.ROOT, "%.2f ms", ms);
    }
    return String.format(Locale.ROOT, ms < 100 ? "%.1f ms" : "%,.0f ms", ms);
  }

  /** "12.3 s". */
  public static String seconds(double seconds) {
    return Double.isNaN(seconds) ? "—" : String.format(Locale.ROOT, "%.1f s", seconds);
  }

  /** "2.03 s": seconds where a tenth is too coarse. */
  public static String preciseSeconds(double seconds) {
    return Double.isNaN(seconds) ? "—" : String.format(Locale.ROOT, "%.2f s", seconds);
  }

  /** "100,000". */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** "PASS" or "MISS". */
  public static String verdict(boolean pass) {
    return pass ? "PASS" : "MISS";
  }

  /** "12.34 M ±4%", "456.7 k ±12%": a JMH score with its deviation. */
  public static String ops(double opsPerSecond, double deviation) {
    String value;
    if (opsPerSecond >= 1e6) {
      value = String.format(Locale.ROOT, "%.2f M", opsPerSecond / 1e6);
    } else if (opsPerSecond >= 1e3) {
      value = String.format(Locale.ROOT, "%.1f k", opsPerSecond / 1e3);
    } else {
      value = String.format(Locale.ROOT, "%.0f", opsPerSecond);
    }
    if (Double.isNaN(deviation) || opsPerSecond == 0) {
      return value;
    }
    return value + String.format(Locale.ROOT, " ±%.0f%%", 100 * deviation / opsPerSecond);
  }

  /** "184 B", or "—" when not measured. */
  public static String bytes(double bytes) {
    return Double.isNaN(bytes) ? "—" : String.format(Locale.ROOT, "%.0f B", bytes);
  }

  /** "83.2 ns", "1.54 µs". */
  public static String nanos(double nanos) {
    if (nanos >= 1000) {
      return String.format(Locale.ROOT, "%.2f µs", nanos / 1000);
    }
    return String.format(Locale.ROOT, "%.1f ns", nanos);
  }
}
