package dev.clockwork.runtime.config;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.Durations;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Typed reads of one block of settings, each error naming the source, line and key path. */
final class SettingReader {
  private static final Pattern BARE_NUMBER = Pattern.compile("[-+]?\\d[\\d_]*");

  private final String source;
  private final String path;
  private final Setting block;

  SettingReader(String source, String path, Setting block) {
    this.source = source;
    this.path = path;
    this.block = block;
  }

  /** Fails on any key outside {@code allowed}, suggesting the closest allowed one. */
  SettingReader allowOnly(Set<String> allowed) {
    if (block == null) {
      return this;
    }
    if (!block.isBlock()) {
      throw error(block, path, "must be a block of settings, not '" + block.scalar() + "'");
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

  Setting get(String key) {
    return block == null || !block.isBlock() ? null : block.block().get(key);
  }

  SettingReader child(String key) {
    return new SettingReader(source, at(key), get(key));
  }

  String text(String key, String fallback) {
    Setting value = scalar(key);
    return value == null ? fallback : value.scalar();
  }

  long whole(String key, long fallback, long min) {
    Setting value = scalar(key);
    if (value == null) {
      return fallback;
    }
    try {
      long parsed = Long.parseLong(value.scalar().replace("_", ""));
      if (parsed < min) {
        throw error(value, at(key), "must be " + min + " or more, got " + parsed);
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw error(value, at(key), "must be a whole number, got '" + value.scalar() + "'");
    }
  }

  boolean bool(String key, boolean fallback) {
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

  Duration duration(String key, Duration fallback, boolean zeroAllowed) {
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
  Duration durationOrSeconds(String key, Duration fallback, boolean zeroAllowed) {
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

  <E extends Enum<E>> E choice(String key, E fallback, Class<E> type) {
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
            + java.util.Arrays.stream(type.getEnumConstants())
                .map(c -> c.name().toLowerCase(Locale.ROOT))
                .toList());
  }

  ConfigException error(Setting where, String keyPath, String message) {
    return new ConfigException(source, where == null ? 0 : where.line(), keyPath, message);
  }

  String at(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** The block itself (null when absent). */
  Setting self() {
    return block;
  }

  /** The block's key path. */
  String path() {
    return path;
  }

  int line() {
    return block == null ? 0 : block.line();
  }

  private Setting scalar(String key) {
    Setting value = get(key);
    if (value != null && value.isBlock()) {
      throw error(value, at(key), "must be a single value, not a block");
    }
    return value;
  }
}
