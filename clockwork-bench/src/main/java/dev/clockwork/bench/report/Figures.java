package dev.clockwork.bench.durable;

import java.util.Locale;

/** Number formats of the durable report: short, with units, the same on every locale. */
public final class Figures {
  private Figures() {}

  /** "12,345/s". */
  public static String rate(double perSecond) {
    return Double.isNaN(perSecond) ? "—" : String.format(Locale.ROOT, "%,.0f/s", perSecond);
  }

  /** "3.21×", "12.3×". */
  public static String ratio(double ratio) {
    if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
      return "—";
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

  /** "100,000". */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** "PASS" or "MISS", with the target: "≥ 2.00× PASS". */
  public static String verdict(boolean pass) {
    return pass ? "PASS" : "MISS";
  }
}
