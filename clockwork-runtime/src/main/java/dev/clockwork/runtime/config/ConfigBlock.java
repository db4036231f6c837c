package dev.clockwork.runtime.config;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.Durations;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One block of {@code clockwork.yaml} (or of the same settings given as properties or in code),
 * read with types: every error names where the value was written (the file and line, or code), the
 * key path and what to write instead, and a misspelt key gets a suggestion. The engine reads its
 * blocks with it; {@link Settings#block} hands other modules theirs ({@code server:}, {@code
 * database:}).
 */
public final class ConfigBlock {
  private static final Pattern BARE_NUMBER = Pattern.compile("[-+]?\\d[\\d_]*");

  private final String source;
  private final String path;
  private final Setting block;

  ConfigBlock(String source, String path, Setting block) {
    this.source = source;
    this.path = path;
    this.block = block;
  }

  /** The block's key path ({@code server.callbacks}). */
  public String path() {
    return path;
  }

  /** Whether the block was written at all. */
  public boolean isPresent() {
    return block != null;
  }

  /**
   * The keys written in this block, in the order written (none when it is absent).
   *
   * @throws ConfigException when a single value was written where a block belongs
   */
  public Set<String> keys() {
    allowOnly(null);
    return block == null ? Set.of() : block.block().keySet();
  }

  /**
   * Fails on any key outside {@code allowed}, suggesting the closest allowed one, and when a single
   * value was written where a block belongs.
   */
  public ConfigBlock allowOnly(Set<String> allowed) {
    if (block == null) {
      return this;
    }
    if (!block.isBlock()) {
      throw error(block, path, "must be a block of settings, not '" + block.scalar() + "'");
    }
    if (allowed == null) {
      return this;
    }
    for (Map.Entry<String, Setting> entry : block.block().entrySet()) {
      if (!allowed.contains(entry.getKey())) {
        throw error(
            entry.getValue(),
            at(entry.getKey()),
            "unknown key"
                + Suggestions.didYouMean(entry.getKey(), allowed)
                + "; allowed: "
                + allowed);
      }
    }
    return this;
  }

  /** The block {@code key} of this one (absent when not written). */
  public ConfigBlock child(String key) {
    return new ConfigBlock(source, at(key), get(key));
  }

  /** Whether {@code key} was written. */
  public boolean has(String key) {
    return get(key) != null;
  }

  public String text(String key, String fallback) {
    Setting value = scalar(key);
    return value == null ? fallback : value.scalar();
  }

  /** A list written as comma-separated text ({@code a, b}); blanks dropped. */
  public List<String> list(String key, String fallback) {
    String text = text(key, fallback);
    return text == null
        ? null
        : Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** A whole number of at least {@code min}. */
  public long whole(String key, long fallback, long min) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    long parsed;
    try {
      parsed = Long.parseLong(value.scalar().replace("_", ""));
    } catch (NumberFormatException e) {
      throw error(value, at(key), "must be a whole number, got '" + value.scalar() + "'");
    }
    if (parsed < min) {
      throw error(value, at(key), "must be " + min + " or more, got " + parsed);
    }
    return parsed;
  }

  /** A fraction from 0 to 1 ({@code 0.2}). */
  public double fraction(String key, double fallback) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    double parsed;
    try {
      parsed = Double.parseDouble(value.scalar().trim());
    } catch (NumberFormatException e) {
      parsed = Double.NaN;
    }
    if (!(parsed >= 0 && parsed <= 1)) {
      throw error(
          value, at(key), "must be a fraction from 0 to 1 (0.2), got '" + value.scalar() + "'");
    }
    return parsed;
  }

  public boolean bool(String key, boolean fallback) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    return switch (value.scalar().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      default -> throw error(value, at(key), "must be true or false, got '" + value.scalar() + "'");
    };
  }

  /** A duration in words ({@code 30 seconds}) or ISO 8601 ({@code PT30S}). */
  public Duration duration(String key, Duration fallback, boolean zeroAllowed) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    Duration parsed;
    try {
      parsed = Durations.parse(value.scalar());
    } catch (InvalidDefinitionException e) {
      throw error(value, at(key), e.getMessage());
    }
    if (parsed.isNegative() || (!zeroAllowed && parsed.isZero())) {
      throw error(value, at(key), "must be a positive duration, got '" + value.scalar() + "'");
    }
    return parsed;
  }

  /**
   * A duration as {@link #duration} reads it, or a bare whole number of seconds ({@code 30}): the
   * form the parallel dispatch keys are written in. Negative values are refused; zero only when
   * {@code zeroAllowed}.
   */
  public Duration durationOrSeconds(String key, Duration fallback, boolean zeroAllowed) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    String text = value.scalar().trim();
    Duration parsed;
    if (BARE_NUMBER.matcher(text).matches()) {
      try {
        parsed = Duration.ofSeconds(Long.parseLong(text.replace("_", "")));
      } catch (NumberFormatException e) {
        throw error(value, at(key), "'" + text + "' seconds is too long");
      }
    } else {
      try {
        parsed = Durations.parse(text);
      } catch (InvalidDefinitionException e) {
        throw error(value, at(key), e.getMessage() + ", or a whole number of seconds (30)");
      }
    }
    if (parsed.isNegative()) {
      throw error(
          value,
          at(key),
          (zeroAllowed ? "must be zero or more" : "must be a positive duration")
              + ", got '"
              + text
              + "'");
    }
    if (!zeroAllowed && parsed.isZero()) {
      throw error(value, at(key), "must be a positive duration, got '" + text + "'");
    }
    return parsed;
  }

  /** One of {@code type}'s constants, written in any case. */
  public <E extends Enum<E>> E choice(String key, E fallback, Class<E> type) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value.scalar())) {
        return constant;
      }
    }
    throw error(
        value,
        at(key),
        "'"
            + value.scalar()
            + "' is not one of "
            + Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase(Locale.ROOT))
                .toList());
  }

  /**
   * An error about {@code key}, at the line it was written on (the block's when it was not).
   *
   * @param message what is wrong and what to write instead
   */
  public ConfigException error(String key, String message) {
    Setting value = get(key);
    return error(value != null ? value : block, at(key), message);
  }

  /** An error about the block itself. */
  public ConfigException error(String message) {
    return error(block, path, message);
  }

  ConfigException error(Setting where, String keyPath, String message) {
    return new ConfigException(
        where == null ? source : where.source(),
        where == null ? 0 : where.line(),
        keyPath,
        message);
  }

  String at(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** The block itself (null when absent). */
  Setting self() {
    return block;
  }

  Setting get(String key) {
    return block == null ? null : block.get(key);
  }

  private Setting scalar(String key) {
    Setting value = get(key);
    if (value != null && value.isBlock()) {
      throw error(value, at(key), "must be a single value, not a block");
    }
    return value;
  }
}
