package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Map;

/** The {@code retention.history} block made in code; see {@link RetentionSettings}. */
public final class HistoryRetentionBuilder extends CodeBlock<HistoryRetentionBuilder> {
  HistoryRetentionBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code max_age}. */
  public HistoryRetentionBuilder maxAge(Duration age) {
    return set("max_age", "maxAge", age);
  }

  /** {@code max_rows}. */
  public HistoryRetentionBuilder maxRows(long rows) {
    return set("max_rows", "maxRows", rows);
  }
}
