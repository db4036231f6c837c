package dev.clockwork.postgres.internal.retention;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.postgres.internal.Jdbc;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The PostgreSQL store's retention role. Each call is one transaction over one batch; the oldest
 * rows go first, found through the indexes of V20 (finished instances by {@code updated_at}, keys
 * and settled callbacks by {@code created_at}) or the primary keys. What is left to do is read by
 * {@link Backlog}, with bounded queries.
 */
public final class PostgresRetention implements RetentionStore {
  private static final String KEYS =
      """
      DELETE FROM cw_idempotency
       WHERE (instance_id, key) IN (
             SELECT k.instance_id, k.key
               FROM cw_idempotency k JOIN cw_instances i ON i.id = k.instance_id
              WHERE k.created_at < ? AND %s
              ORDER BY k.created_at
              LIMIT ?)
      """
          .formatted(Scope.SQL);

  private static final String CALLBACKS =
      """
      DELETE FROM cw_callbacks
       WHERE id IN (
             SELECT c.id
               FROM cw_callbacks c JOIN cw_instances i ON i.id = c.instance_id
              WHERE c.state IN ('delivered', 'failed', 'abandoned') AND c.created_at < ? AND %s
              ORDER BY c.created_at
              LIMIT ?)
      """
          .formatted(Scope.SQL);

  private static final String OPERATOR_LOG =
      """
      DELETE FROM cw_operator_log
       WHERE id IN (SELECT id FROM cw_operator_log WHERE at < ? ORDER BY id LIMIT ?)
      """;

  /** How long a pass's lease lasts: far longer than a pass (its steps are bounded) takes. */
  private static final Duration LEASE = Duration.ofMinutes(15);

  /** Takes the pass's lease unless another pass holds one that has not expired. */
  private static final String TAKE =
      """
      INSERT INTO cw_leases_by_name AS l (name, owner, expires_at)
      VALUES ('retention', ?, now() + make_interval(secs => ?))
      ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE l.expires_at <= now()
      RETURNING owner
      """;

  private static final String GIVE_BACK =
      "DELETE FROM cw_leases_by_name WHERE name = 'retention' AND owner = ?";

  private final Jdbc jdbc;

  public PostgresRetention(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public RemovedRows purgeFinishedInstances(
      RetentionScope scope, Instant finishedBefore, Instant now, int limit, Archiver archiver) {
    return jdbc.inTransaction(
        "purge finished instances",
        connection ->
            FinishedInstances.purge(connection, scope, finishedBefore, now, limit, archiver));
  }

  @Override
  public HistoryTrim trimHistory(
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit,
      Archiver archiver) {
    return jdbc.inTransaction(
        "trim history",
        connection ->
            HistoryTrimmer.trim(
                connection, scope, olderThan, maxRows, now, afterId, limit, archiver));
  }

  @Override
  public int purgeIdempotencyKeys(RetentionScope scope, Instant before, int limit) {
    return delete("purge idempotency keys", KEYS, scope, before, limit);
  }

  @Override
  public int purgeCallbacks(RetentionScope scope, Instant before, int limit) {
    return delete("purge callbacks", CALLBACKS, scope, before, limit);
  }

  private int delete(String what, String sql, RetentionScope scope, Instant before, int limit) {
    return jdbc.autoCommit(
        what,
        connection -> {
          try (PreparedStatement delete = connection.prepareStatement(sql)) {
            delete.setObject(1, Instants.notAfter(before));
            int next = Scope.bind(delete, 2, scope);
            delete.setInt(next, limit);
            return delete.executeUpdate();
          }
        });
  }

  @Override
  public int purgeOperatorLog(Instant before, int limit) {
    return jdbc.autoCommit(
        "purge the operator log",
        connection -> {
          try (PreparedStatement delete = connection.prepareStatement(OPERATOR_LOG)) {
            delete.setObject(1, Instants.notAfter(before));
            delete.setInt(2, limit);
            return delete.executeUpdate();
          }
        });
  }

  @Override
  public void recordRemoved(String machine, RemovedRows removed, Instant at) {
    jdbc.inTransaction(
        "add to the totals of rows retention removed",
        connection -> RemovedTotals.add(connection, machine, removed, at));
  }

  @Override
  public List<RemovedTotal> removedTotals() {
    return jdbc.autoCommit("read the totals of rows retention removed", RemovedTotals::all);
  }

  @Override
  public boolean exclusively(Runnable pass) {
    UUID owner = UUID.randomUUID();
    boolean taken =
        jdbc.autoCommit(
            "take the retention pass's lease",
            connection -> {
              try (PreparedStatement take = connection.prepareStatement(TAKE)) {
                take.setObject(1, owner);
                take.setLong(2, LEASE.toSeconds());
                try (ResultSet rs = take.executeQuery()) {
                  return rs.next();
                }
              }
            });
    if (!taken) {
      return false;
    }
    try {
      pass.run();
      return true;
    } finally {
      jdbc.autoCommit(
          "give back the retention pass's lease",
          connection -> {
            try (PreparedStatement giveBack = connection.prepareStatement(GIVE_BACK)) {
              giveBack.setObject(1, owner);
              return giveBack.executeUpdate();
            }
          });
    }
  }

  @Override
  public RetentionBacklog backlog(RetentionScope scope, RetentionCutoffs cutoffs, int cap) {
    return jdbc.autoCommit(
        "read the retention backlog", connection -> Backlog.read(connection, scope, cutoffs, cap));
  }
}
