package dev.clockwork.cli.command;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** An ISO 8601 instant option ({@code --to 2026-12-24T09:00:00Z}), read while parsing. */
public final class InstantConverter implements ITypeConverter<Instant> {
  @Override
  public Instant convert(String text) {
    try {
      return Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new TypeConversionException(
          "'" + text + "' is not an instant; write one like 2026-12-24T09:00:00Z");
    }
  }
}
