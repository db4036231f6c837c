package dev.clockwork.runtime.queue;

import java.util.Locale;

/**
 * How urgent an event is, for machines whose queue strategy is {@code priority}: the next instance
 * served is the one whose head event has the highest priority, then the one waiting longest.
 * Priority never reorders the events of one instance.
 */
public enum Priority {
  /** System emergencies, circuit breakers. */
  CRITICAL,
  /** User-facing actions, payments. */
  HIGH,
  /** Standard operations (the default). */
  NORMAL,
  /** Background tasks, analytics. */
  LOW,
  /** Batch processing, reports. */
  BULK;

  /** 0 for critical … 4 for bulk, as stored. */
  public int level() {
    return ordinal();
  }

  public static Priority ofLevel(int level) {
    if (level < 0 || level >= values().length) {
      throw new IllegalArgumentException("priority level must be 0..4, not " + level);
    }
    return values()[level];
  }

  /** Parses {@code critical|high|normal|low|bulk}, naming the choices when it is none of them. */
  public static Priority parse(String text) {
    for (Priority priority : values()) {
      if (priority.name().equalsIgnoreCase(text.trim())) {
        return priority;
      }
    }
    throw new IllegalArgumentException(
        "'" + text + "' is not a priority; use critical, high, normal, low or bulk");
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
