package dev.clockwork.cli.command;

import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of {@code retention status}: one per table of a scope, with how long rows are kept, the
 * oldest row, its age, how long it is overdue, the backlog and the rows removed so far (the store's
 * running totals); as JSON fields or a text table.
 */
final class RetentionRows {
  private RetentionRows() {}

  /**
   * The rows of one scope: {@code machine} (a machine's name, or the others'), its settings, its
   * backlog and its running totals of rows removed, by table. The operator log is system-wide: it
   * has a row only where the backlog reports it.
   */
  static List<Map<String, Object>> of(
      String machine,
      RetentionSettings keep,
      RetentionBacklog backlog,
      Map<String, RemovedTotal> removed,
      Instant now) {
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(row(machine, RemovedRows.INSTANCES, keep.finishedInstances(), backlog, removed, now));
    Map<String, Object> history =
        row(machine, RemovedRows.HISTORY, keep.historyMaxAge(), backlog, removed, now);
    history.put("max_rows", keep.historyMaxRows());
    rows.add(history);
    rows.add(
        row(machine, RemovedRows.IDEMPOTENCY_KEYS, keep.idempotencyKeys(), backlog, removed, now));
    rows.add(row(machine, RemovedRows.CALLBACKS, keep.callbacks(), backlog, removed, now));
    if (backlog.overdue().containsKey(RemovedRows.OPERATOR_LOG)) {
      rows.add(row(machine, RemovedRows.OPERATOR_LOG, keep.operatorLog(), backlog, removed, now));
    }
    return rows;
  }

  /**
   * The row of the schedule audit ({@code retention.schedule_audit}, system-wide): how long a
   * deleted schedule's audit is kept (null: for the life of the schedule row) and the rows removed;
   * its age and backlog live with the schedules, not here.
   */
  static Map<String, Object> scheduleAudit(
      String machine, Duration keep, Map<String, RemovedTotal> removed) {
    RetentionBacklog none = new RetentionBacklog(Map.of(), Map.of(), java.util.Set.of());
    Map<String, Object> row =
        row(machine, RetentionSettings.SCHEDULE_AUDIT, keep, none, removed, Instant.EPOCH);
    row.put("backlog", null);
    return row;
  }

  private static Map<String, Object> row(
      String machine,
      String table,
      Duration keep,
      RetentionBacklog backlog,
      Map<String, RemovedTotal> removed,
      Instant now) {
    Instant at = backlog.oldest().get(table);
    Duration age = at == null ? null : Duration.between(at, now);
    RemovedTotal total = removed.get(table);
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("machine", machine);
    row.put("table", table);
    row.put("keep", keep);
    row.put("oldest", at);
    row.put("age", age);
    row.put(
        "overdue",
        age == null || keep == null || age.compareTo(keep) <= 0 ? null : age.minus(keep));
    row.put("backlog", backlog.overdueOf(table));
    row.put("backlog_at_least", backlog.isLowerBound(table));
    row.put("removed", total == null ? 0L : total.rows());
    row.put("last_removed_at", total == null ? null : total.lastRemovedAt());
    return row;
  }

  /** The rows as the text table people read. */
  static Table table(List<Map<String, Object>> rows) {
    Table table =
        new Table("MACHINE", "TABLE", "KEEP", "OLDEST", "AGE", "OVERDUE", ">BACKLOG", ">REMOVED");
    for (Map<String, Object> row : rows) {
      String keep =
          row.get("keep") == null
              ? "schedule's life"
              : HumanDuration.format((Duration) row.get("keep"));
      if (row.containsKey("max_rows")) {
        keep += ", " + row.get("max_rows") + " rows";
      }
      table.row(
          row.get("machine"),
          row.get("table"),
          keep,
          row.get("oldest"),
          row.get("age") == null ? null : HumanDuration.format((Duration) row.get("age")),
          row.get("overdue") == null ? null : HumanDuration.format((Duration) row.get("overdue")),
          row.get("backlog") == null
              ? null
              : count((Long) row.get("backlog"), (Boolean) row.get("backlog_at_least")),
          count((Long) row.get("removed"), false));
    }
    return table;
  }

  /** "1,204", or "≥ 100,000" when the count stopped at its cap. */
  static String count(long rows, boolean atLeast) {
    return (atLeast ? "\u2265 " : "") + String.format(Locale.ROOT, "%,d", rows);
  }
}
