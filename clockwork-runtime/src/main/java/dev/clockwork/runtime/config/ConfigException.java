package dev.clockwork.runtime.config;

import dev.clockwork.core.ClockworkException;

/** A configuration file is wrong; the message names the file, line, key path and the fix. */
public final class ConfigException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final String keyPath;
  private final int line;

  public ConfigException(String source, int line, String keyPath, String message) {
    super(source + ":" + line + ": " + keyPath + ": " + message);
    this.keyPath = keyPath;
    this.line = line;
  }

  /** The dotted key path, e.g. {@code machines.order.queue.retry.max_attempts}. */
  public String keyPath() {
    return keyPath;
  }

  /** The 1-based line of the offending key or value. */
  public int line() {
    return line;
  }
}
