package dev.clockwork.cli.command;

import dev.clockwork.cli.output.OutputFormat;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --output table|json}. */
public final class OutputOption {
  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      description = "table (for people, default) or json (for scripts)",
      defaultValue = "table",
      converter = FormatConverter.class)
  OutputFormat format = OutputFormat.TABLE;

  public boolean json() {
    return format == OutputFormat.JSON;
  }

  /** Accepts table/json in any case, naming the choices otherwise. */
  public static final class FormatConverter implements ITypeConverter<OutputFormat> {
    @Override
    public OutputFormat convert(String value) {
      try {
        return OutputFormat.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            "'" + value + "' is not an output format; use table or json");
      }
    }
  }
}
