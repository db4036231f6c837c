package dev.clockwork.postgres.internal.retention;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What retention still has to do, read with bounded queries only: each table's oldest row is the
 * first entry of an index read oldest first (V20's {@code cw_instances_finished}, {@code
 * cw_idempotency_created}, {@code cw_callbacks_settled}, the operator log's key; V21's {@code
 * cw_instances_running} for history), and each count stops at the cap ({@code count(*)} over a
 * sub-select with {@code LIMIT}). Running instances' history is read for the {@link #WALK}
 * longest-running instances: a history row is never older than its instance, so the oldest row is
 * among theirs unless every one of them was trimmed, and a count that walked them all is marked a
 * lower bound.
 */
final class Backlog {
  /** Running instances whose history is read, longest-running first. */
  static final int WALK = 1_000;

  private static final String FINISHED_OLDEST =
      """
      SELECT i.updated_at FROM cw_instances i
       WHERE i.status <> 'ACTIVE' AND %s
       ORDER BY i.updated_at, i.id
       LIMIT 1
      """
          .formatted(Scope.SQL);

  private static final String FINISHED_OVERDUE =
      """
      SELECT count(*) FROM (SELECT 1 FROM cw_instances i
                             WHERE i.status <> 'ACTIVE' AND i.updated_at < ? AND %s
                             LIMIT ?) AS overdue
      """
          .formatted(Scope.SQL);

  /**
   * The walk of running instances with each one's oldest ordinary row (a primary-key probe); only
   * instances whose oldest row is past the cutoff have their rows counted, so a backlog that is
   * kept up with costs the probes alone.
   */
  private static final String HISTORY =
      """
      WITH r AS MATERIALIZED (
             SELECT i.id, o.at
               FROM (SELECT i.id FROM cw_instances i
                      WHERE i.status = 'ACTIVE' AND %s
                      ORDER BY i.created_at, i.id
                      LIMIT ?) AS i
               LEFT JOIN LATERAL (SELECT h.at FROM cw_history h
                                   WHERE h.instance_id = i.id AND h.kind <> 'TRIMMED'
                                   ORDER BY h.seq LIMIT 1) AS o ON true)
      SELECT (SELECT min(r.at) FROM r) AS oldest,
             (SELECT count(*) FROM r) AS walked,
             (SELECT count(*)
                FROM (SELECT 1
                        FROM r CROSS JOIN LATERAL (SELECT 1 FROM cw_history h
                                                    WHERE h.instance_id = r.id AND h.at < ?
                                                      AND h.kind <> 'TRIMMED'
                                                    ORDER BY h.seq LIMIT ?) AS h
                       WHERE r.at < ?
                       LIMIT ?) AS c) AS overdue
      """
          .formatted(Scope.SQL);

  private static final String KEYS_OLDEST =
      """
      SELECT k.created_at FROM cw_idempotency k JOIN cw_instances i ON i.id = k.instance_id
       WHERE %s
       ORDER BY k.created_at
       LIMIT 1
      """
          .formatted(Scope.SQL);

  private static final String KEYS_OVERDUE =
      """
      SELECT count(*) FROM (SELECT 1
                              FROM cw_idempotency k JOIN cw_instances i ON i.id = k.instance_id
                             WHERE k.created_at < ? AND %s
                             LIMIT ?) AS overdue
      """
          .formatted(Scope.SQL);

  private static final String SETTLED = "c.state IN ('delivered', 'failed', 'abandoned')";

  private static final String CALLBACKS_OLDEST =
      """
      SELECT c.created_at FROM cw_callbacks c JOIN cw_instances i ON i.id = c.instance_id
       WHERE %s AND %s
       ORDER BY c.created_at
       LIMIT 1
      """
          .formatted(SETTLED, Scope.SQL);

  private static final String CALLBACKS_OVERDUE =
      """
      SELECT count(*) FROM (SELECT 1
                              FROM cw_callbacks c JOIN cw_instances i ON i.id = c.instance_id
                             WHERE %s AND c.created_at < ? AND %s
                             LIMIT ?) AS overdue
      """
          .formatted(SETTLED, Scope.SQL);

  private static final String LOG_OLDEST = "SELECT at FROM cw_operator_log ORDER BY id LIMIT 1";

  private static final String LOG_OVERDUE =
      """
      SELECT count(*) FROM (SELECT 1 FROM cw_operator_log WHERE at < ? ORDER BY id LIMIT ?) AS c
      """;

  private final Connection connection;
  private final RetentionScope scope;
  private final RetentionCutoffs cutoffs;
  private final int cap;
  private final Map<String, Instant> oldest = new HashMap<>();
  private final Map<String, Long> overdue = new HashMap<>();
  private final Set<String> atLeast = new HashSet<>();

  private Backlog(Connection connection, RetentionScope scope, RetentionCutoffs cutoffs, int cap) {
    this.connection = connection;
    this.scope = scope;
    this.cutoffs = cutoffs;
    this.cap = cap;
  }

  static RetentionBacklog read(
      Connection connection, RetentionScope scope, RetentionCutoffs cutoffs, int cap)
      throws SQLException {
    Backlog backlog = new Backlog(connection, scope, cutoffs, cap);
    backlog.table(RemovedRows.INSTANCES, FINISHED_OLDEST, FINISHED_OVERDUE);
    backlog.history();
    backlog.table(RemovedRows.IDEMPOTENCY_KEYS, KEYS_OLDEST, KEYS_OVERDUE);
    backlog.table(RemovedRows.CALLBACKS, CALLBACKS_OLDEST, CALLBACKS_OVERDUE);
    if (scope.machine() == null) {
      backlog.operatorLog();
    }
    return new RetentionBacklog(backlog.oldest, backlog.overdue, backlog.atLeast);
  }

  /** A table whose two queries take the scope, then (the count) its cutoff and the cap. */
  private void table(String table, String oldestSql, String overdueSql) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(oldestSql)) {
      Scope.bind(select, 1, scope);
      oldest.put(table, first(select));
    }
    try (PreparedStatement count = connection.prepareStatement(overdueSql)) {
      count.setObject(1, Instants.notAfter(cutoffs.of(table)));
      int next = Scope.bind(count, 2, scope);
      count.setInt(next, cap);
      counted(table, count(count));
    }
  }

  private void history() throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(HISTORY)) {
      int next = Scope.bind(select, 1, scope);
      select.setInt(next, WALK);
      select.setObject(next + 1, Instants.notAfter(cutoffs.history()));
      select.setInt(next + 2, cap);
      select.setObject(next + 3, Instants.notAfter(cutoffs.history()));
      select.setInt(next + 4, cap);
      try (ResultSet rs = select.executeQuery()) {
        rs.next();
        oldest.put(RemovedRows.HISTORY, Instants.read(rs, "oldest"));
        counted(RemovedRows.HISTORY, rs.getLong("overdue"));
        if (rs.getLong("walked") >= WALK && cap > 0) {
          atLeast.add(RemovedRows.HISTORY);
        }
      }
    }
  }

  private void operatorLog() throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(LOG_OLDEST)) {
      oldest.put(RemovedRows.OPERATOR_LOG, first(select));
    }
    try (PreparedStatement count = connection.prepareStatement(LOG_OVERDUE)) {
      count.setObject(1, Instants.notAfter(cutoffs.operatorLog()));
      count.setInt(2, cap);
      counted(RemovedRows.OPERATOR_LOG, count(count));
    }
  }

  private void counted(String table, long rows) {
    overdue.put(table, rows);
    if (cap > 0 && rows >= cap) {
      atLeast.add(table);
    }
  }

  private static Instant first(PreparedStatement select) throws SQLException {
    try (ResultSet rs = select.executeQuery()) {
      return rs.next() ? rs.getObject(1, OffsetDateTime.class).toInstant() : null;
    }
  }

  private static long count(PreparedStatement count) throws SQLException {
    try (ResultSet rs = count.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
