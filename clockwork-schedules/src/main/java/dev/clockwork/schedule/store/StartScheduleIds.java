package dev.clockwork.schedule.store;

import java.util.regex.Pattern;

/**
 * The ids the schedules of machines' timer start events take ({@code
 * machine.<machine>.v<version>.start.<index>}), as a store needs to know them: a deleted start
 * schedule's row outlives the purge of its audit ({@link ScheduleStore#purgeDeleted}), because it
 * is what tells a node of an older version, restarting during a rolling deploy, that a newer
 * version cancelled its start timers. One row per start timer per deployed version: it grows with
 * deploys, not with traffic.
 */
public final class StartScheduleIds {
  /** The ids as a regular expression, in a syntax Java and PostgreSQL ({@code ~}) read alike. */
  public static final String REGEX =
      "^machine\\.[^.]+\\.v[1-9][0-9]{0,9}\\.start\\.(0|[1-9][0-9]*)$";

  private static final Pattern PATTERN = Pattern.compile(REGEX);

  private StartScheduleIds() {}

  /** Whether {@code scheduleId} is the id of a start schedule. */
  public static boolean matches(String scheduleId) {
    return PATTERN.matcher(scheduleId).matches();
  }
}
