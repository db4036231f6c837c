package dev.clockwork.runtime.config;

import java.time.Duration;
import java.util.Set;

/**
 * Types a {@code retention:} block into {@link RetentionSettings}, defaults filling the gaps. Every
 * age must be positive: nothing is kept forever by a setting, and nothing is removed the moment it
 * is written.
 */
final class RetentionSettingsReader {
  static final String BLOCK = "retention";
  static final Set<String> KEYS =
      Set.of(
          "finished_instances",
          "history",
          "idempotency_keys",
          "callbacks",
          "operator_log",
          "archive",
          RetentionSettings.SCHEDULE_AUDIT);
  static final Set<String> MACHINE_KEYS =
      Set.of("finished_instances", "history", "idempotency_keys", "callbacks");
  static final Set<String> HISTORY_KEYS = Set.of("max_age", "max_rows");

  private RetentionSettingsReader() {}

  /** The system's block. */
  static RetentionSettings read(ConfigBlock retention) {
    return read(retention, KEYS);
  }

  /**
   * A machine's block, already merged over the system's; {@code own} is the machine's alone, which
   * may not name the system-wide keys.
   */
  static RetentionSettings readMachine(ConfigBlock merged, ConfigBlock own) {
    own.allowOnly(null);
    if (own.has("operator_log")) {
      throw own.error(
          "operator_log",
          "is system-wide (the operator log is not kept per machine); set it under the top-level"
              + " retention: block");
    }
    if (own.has("archive")) {
      throw own.error(
          "archive",
          "is system-wide (one archive directory holds every machine's files); set it under the"
              + " top-level retention: block");
    }
    if (own.has(RetentionSettings.SCHEDULE_AUDIT)) {
      throw own.error(
          RetentionSettings.SCHEDULE_AUDIT,
          "is system-wide (schedules belong to no machine); set it under the top-level retention:"
              + " block");
    }
    own.allowOnly(MACHINE_KEYS);
    return read(merged, KEYS);
  }

  private static RetentionSettings read(ConfigBlock retention, Set<String> keys) {
    retention.allowOnly(keys);
    RetentionSettings d = RetentionSettings.DEFAULT;
    ConfigBlock history = retention.child("history").allowOnly(HISTORY_KEYS);
    return new RetentionSettings(
        age(retention, "finished_instances", d.finishedInstances()),
        age(history, "max_age", d.historyMaxAge()),
        history.whole("max_rows", d.historyMaxRows(), 1),
        age(retention, "idempotency_keys", d.idempotencyKeys()),
        age(retention, "callbacks", d.callbacks()),
        age(retention, "operator_log", d.operatorLog()),
        archive(retention),
        scheduleAudit(retention));
  }

  private static String archive(ConfigBlock retention) {
    String directory = retention.text("archive", null);
    if (directory != null && directory.isBlank()) {
      throw retention.error(
          "archive", "names no directory; give one (./archive) or leave the key out");
    }
    return directory;
  }

  /**
   * {@code schedule_audit}: optional, no default (a schedule's audit stays for the life of its
   * row); a positive duration when given.
   */
  private static Duration scheduleAudit(ConfigBlock retention) {
    try {
      return retention.duration(
          RetentionSettings.SCHEDULE_AUDIT, RetentionSettings.DEFAULT.scheduleAudit(), false);
    } catch (ConfigException e) {
      String given = retention.text(RetentionSettings.SCHEDULE_AUDIT, "");
      throw retention.error(
          RetentionSettings.SCHEDULE_AUDIT,
          "takes how long a deleted schedule's audit rows are kept, a positive duration (90 days,"
              + " P90D), not '"
              + given
              + "'; leave the key out to keep them for the life of the schedule row");
    }
  }

  private static Duration age(ConfigBlock block, String key, Duration fallback) {
    return block.duration(key, fallback, false);
  }
}
