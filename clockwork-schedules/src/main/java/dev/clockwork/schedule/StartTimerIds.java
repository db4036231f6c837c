package dev.clockwork.schedule;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ids of start schedules: {@code machine.<machine>.v<version>.start.<index>}, one per timer
 * start event of a machine version. Deterministic, so every node deploying a version names its
 * schedules alike and the store lets one of them create each; machine ids hold no {@code .}, so a
 * machine's start schedules are exactly the ids that begin with {@link #prefix}.
 */
final class StartTimerIds {
  private static final Pattern REST =
      Pattern.compile("v([1-9][0-9]{0,9})\\.start\\.(0|[1-9][0-9]*)");

  private StartTimerIds() {}

  /** What every start schedule id of {@code machine} begins with. */
  static String prefix(String machine) {
    return "machine." + machine + ".";
  }

  /** The id of start timer {@code index} of {@code machine} version {@code version}. */
  static String of(String machine, int version, int index) {
    return prefix(machine) + "v" + version + ".start." + index;
  }

  /** The version a start schedule id of {@code machine} names; empty for any other id. */
  static OptionalInt version(String machine, String scheduleId) {
    String prefix = prefix(machine);
    if (!scheduleId.startsWith(prefix)) {
      return OptionalInt.empty();
    }
    Matcher rest = REST.matcher(scheduleId.substring(prefix.length()));
    if (!rest.matches()) {
      return OptionalInt.empty();
    }
    long version = Long.parseLong(rest.group(1));
    return version > Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of((int) version);
  }
}
