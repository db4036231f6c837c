package dev.clockwork.core.time;

import java.util.Locale;

/**
 * What a repeating timer ({@code every}, cycle, cron) does when it is found overdue — more than one
 * interval past its due, or past its grace when one is set — after an outage, a paused queue or a
 * backlog. One-shot timers always fire, however late.
 */
public enum OverduePolicy {
  /** Fire once, late, and go on from then (the default). */
  FIRE,
  /** Fire none of the missed fires: record them and arm the next due still ahead on the rhythm. */
  SKIP_MISSED,
  /** Fire one catch-up for all the missed fires, then go on with the next due on the rhythm. */
  FIRE_ONCE;

  /** The name as the data format and the settings write it: {@code fire}, {@code skip_missed}, … */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The policy {@code text} names ({@code fire}, {@code skip_missed}, {@code fire_once}).
   *
   * @throws IllegalArgumentException naming the three
   */
  public static OverduePolicy of(String text) {
    for (OverduePolicy policy : values()) {
      if (policy.text().equals(text)) {
        return policy;
      }
    }
    throw new IllegalArgumentException(
        "'" + text + "' is not an overdue policy; use fire, skip_missed or fire_once");
  }
}
