package dev.clockwork.bench.report;

import java.util.Locale;

/** Number formats of the report: short, with units, the same on every locale. */
final class Format {
  private Format() {}

  /** "12.34 M ±4%", "456.7 k ±12%". */
  static String ops(double opsPerSecond, double deviation) {
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

  /** "312×", "45.6×", "2.31×". */
  static String ratio(double ratio) {
    if (ratio >= 100) {
      return String.format(Locale.ROOT, "%.0f×", ratio);
    }
    return String.format(Locale.ROOT, ratio >= 10 ? "%.1f×" : "%.2f×", ratio);
  }

  /** "184 B", or "—" when not measured. */
  static String bytes(double bytes) {
    return Double.isNaN(bytes) ? "—" : String.format(Locale.ROOT, "%.0f B", bytes);
  }

  /** "83.2 ns", "1.54 µs". */
  static String nanos(double nanos) {
    if (nanos >= 1000) {
      return String.format(Locale.ROOT, "%.2f µs", nanos / 1000);
    }
    return String.format(Locale.ROOT, "%.1f ns", nanos);
  }
}
