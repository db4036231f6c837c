package dev.clockwork.cli.command;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration option ({@code --delay 5s}, {@code --older-than 24h}, {@code --by "3 days"}) read
 * while the command line is parsed, so a bad one is a usage error naming the option, at most {@link
 * #LONGEST} (a longer one would name an instant the database cannot store).
 */
public final class DurationConverter implements ITypeConverter<Duration> {
  /** The longest duration an option takes. */
  static final Duration LONGEST = Duration.ofDays(36_525);

  @Override
  public Duration convert(String text) {
    Duration duration;
    try {
      duration = Durations.parse(text);
    } catch (InvalidDefinitionException e) {
      throw new TypeConversionException(e.getMessage());
    }
    if (duration.compareTo(LONGEST) > 0) {
      throw new TypeConversionException(
          "'" + text + "' is longer than the longest a queue command takes, 100 years");
    }
    return duration;
  }
}
