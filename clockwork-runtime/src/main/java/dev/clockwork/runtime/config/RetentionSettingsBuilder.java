package dev.clockwork.runtime.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code retention} block made in code: {@code r -> r.finishedInstances(Duration.ofDays(30))
 * .history(h -> h.maxAge(Duration.ofDays(90)).maxRows(10_000))}; see {@link RetentionSettings}.
 */
public final class RetentionSettingsBuilder extends CodeBlock<RetentionSettingsBuilder> {
  RetentionSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code finished_instances}. */
  public RetentionSettingsBuilder finishedInstances(Duration age) {
    return set("finished_instances", "finishedInstances", age);
  }

  /** The {@code history} block: {@code h -> h.maxAge(Duration.ofDays(90)).maxRows(5_000)}. */
  public RetentionSettingsBuilder history(Consumer<HistoryRetentionBuilder> settings) {
    return block("history", HistoryRetentionBuilder::new, settings);
  }

  /** {@code idempotency_keys}. */
  public RetentionSettingsBuilder idempotencyKeys(Duration age) {
    return set("idempotency_keys", "idempotencyKeys", age);
  }

  /** {@code callbacks}. */
  public RetentionSettingsBuilder callbacks(Duration age) {
    return set("callbacks", "callbacks", age);
  }

  /** {@code operator_log}: system-wide only; a machine's block refuses it when read. */
  public RetentionSettingsBuilder operatorLog(Duration age) {
    return set("operator_log", "operatorLog", age);
  }

  /**
   * {@code archive}: the directory finished instances and trimmed history are archived to before
   * they are deleted; system-wide only.
   */
  public RetentionSettingsBuilder archive(Path directory) {
    return set("archive", "archive", directory.toString());
  }

  /**
   * {@code schedule_audit}: how long a deleted schedule's audit rows are kept after it was deleted
   * (none by default: they stay); system-wide only.
   */
  public RetentionSettingsBuilder scheduleAudit(Duration age) {
    return set("schedule_audit", "scheduleAudit", age);
  }
}
