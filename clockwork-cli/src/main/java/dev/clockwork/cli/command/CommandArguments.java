package dev.clockwork.cli.command;

import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks the arguments picocli cannot check alone (ranges of numbers, dates, policies); a bad one
 * is a usage error (exit code 2, with the command's usage), named with the fix, before anything
 * reaches the database.
 */
final class CommandArguments {
  private CommandArguments() {}

  static void atLeast(CommandSpec spec, String option, long value, long least) {
    if (value < least) {
      throw usage(spec, option + " must be " + least + " or more, not " + value);
    }
  }

  static void between(CommandSpec spec, String option, long value, long least, long most) {
    if (value < least || value > most) {
      throw usage(spec, option + " must be between " + least + " and " + most + ", not " + value);
    }
  }

  /**
   * A date for {@code --from}/{@code --to}: an instant with an offset ({@code
   * 2026-04-10T04:00:00Z}), or a local date-time or date ({@code 2026-04-10 00:00:00}, {@code
   * 2026-04-10}) read in {@code zone}.
   */
  static Instant instant(CommandSpec spec, String option, String text, ZoneId zone) {
    String value = text.trim().replace(' ', 'T');
    try {
      return OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException notWithOffset) {
      // a local date-time or a date, read in the zone
    }
    try {
      return LocalDateTime.parse(value).atZone(zone).toInstant();
    } catch (DateTimeParseException notLocalDateTime) {
      // perhaps a date
    }
    try {
      return LocalDate.parse(value).atStartOfDay(zone).toInstant();
    } catch (DateTimeException notDate) {
      throw usage(
          spec,
          option
              + " '"
              + text
              + "' is not a date; write 2026-04-10, 2026-04-10T00:00:00 (both in the schedule's"
              + " time zone, "
              + zone.getId()
              + ") or an instant such as 2026-04-10T04:00:00Z");
    }
  }

  /** An overlap policy such as {@code allow_all}. */
  static OverlapPolicy overlapPolicy(CommandSpec spec, String text) {
    try {
      return OverlapPolicy.parse(text);
    } catch (InvalidScheduleException e) {
      throw usage(spec, "--overlap-policy: " + e.getMessage());
    }
  }

  static CommandLine.ParameterException usage(CommandSpec spec, String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
