package dev.clockwork.schedule.definition;

import java.util.regex.Pattern;

/** The rule for schedule ids and namespaces: they become part of instance ids. */
public final class ScheduleNames {
  private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9._-]{1,200}");

  private ScheduleNames() {}

  public static String check(String what, String name) {
    if (name == null || !ALLOWED.matcher(name).matches()) {
      throw new InvalidScheduleException(
          what
              + " '"
              + name
              + "' is not allowed; use 1 to 200 letters, digits, '.', '_' or '-' (it becomes part"
              + " of instance ids such as schedule:daily-invoice-sync:2026-04-10T06:00:00Z)");
    }
    return name;
  }
}
