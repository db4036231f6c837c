package dev.clockwork.cli.serve;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --port}: 1 to 65535, or 0 for any free port, read while parsing. */
public final class PortConverter implements ITypeConverter<Integer> {
  @Override
  public Integer convert(String value) {
    int port;
    try {
      port = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      port = -1;
    }
    if (port < 0 || port > 65_535) {
      throw new TypeConversionException(
          "'" + value + "' is not a port; use 1 to 65535 (0: any free port)");
    }
    return port;
  }
}
