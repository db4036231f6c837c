package dev.clockwork.postgres.internal.retention;

import dev.clockwork.postgres.internal.ArchivedRows;
import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Purges finished instances, in one transaction per batch, never racing a turn: the batch's rows
 * are locked {@code FOR UPDATE SKIP LOCKED} (a claim, a lease or a commit holding one leaves it for
 * a later batch; a lease is only ever taken under that lock), an instance a valid lease in {@code
 * cw_leases} holds is passed over, and finished-ness is read from the locked rows. Each instance
 * goes with its descendants ({@code <id>/…}), which are locked too; one still running or leased
 * keeps the whole family. The ids go to {@code cw_purged_instances}, whose leftovers (rows an
 * enqueue that read the instance before the purge committed wrote after it) a later batch removes.
 */
final class FinishedInstances {
  /** How long a purged id is remembered before its leftovers are removed. */
  static final Duration LEFTOVER_DELAY = Duration.ofMinutes(1);

  private static final String CANDIDATES =
      """
      SELECT i.id
        FROM cw_instances i
       WHERE i.status <> 'ACTIVE' AND i.updated_at < ? AND %s
         AND NOT EXISTS (SELECT 1 FROM cw_leases a WHERE a.instance_id = i.id AND a.expires_at > ?)
       ORDER BY i.updated_at, i.id
       LIMIT ?
         FOR UPDATE OF i SKIP LOCKED
      """
          .formatted(Scope.SQL);

  /** The descendants of one instance ({@code id > '<id>/' AND id < '<id>0'}: '0' follows '/'). */
  private static final String FAMILY =
      """
      SELECT i.id, i.status = 'ACTIVE'
                   OR EXISTS (SELECT 1 FROM cw_leases a
                               WHERE a.instance_id = i.id AND a.expires_at > ?) AS busy
        FROM cw_instances i
       WHERE i.id > ? AND i.id < ?
         FOR UPDATE OF i
      """;

  private static final String DELETE =
      """
      WITH ids AS (SELECT unnest(CAST(? AS text[])) AS id),
           h AS (DELETE FROM cw_history WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           q AS (DELETE FROM cw_queue WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           p AS (DELETE FROM cw_pending_heads WHERE instance_id IN (SELECT id FROM ids)
                 RETURNING 1),
           k AS (DELETE FROM cw_idempotency WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           c AS (DELETE FROM cw_callbacks WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           j AS (DELETE FROM cw_region_jobs WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           l AS (DELETE FROM cw_leases WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           i AS (DELETE FROM cw_instances WHERE id IN (SELECT id FROM ids) RETURNING 1),
           t AS (INSERT INTO cw_purged_instances (instance_id, purged_at)
                 SELECT id, ? FROM ids
                 ON CONFLICT (instance_id) DO UPDATE SET purged_at = EXCLUDED.purged_at)
      SELECT (SELECT count(*) FROM i), (SELECT count(*) FROM h), (SELECT count(*) FROM q),
             (SELECT count(*) FROM p), (SELECT count(*) FROM k), (SELECT count(*) FROM c),
             (SELECT count(*) FROM j), (SELECT count(*) FROM l)
      """;

  private static final String[] TABLES = {
    RemovedRows.INSTANCES,
    RemovedRows.HISTORY,
    RemovedRows.QUEUE,
    "pending_heads",
    RemovedRows.IDEMPOTENCY_KEYS,
    RemovedRows.CALLBACKS,
    RemovedRows.REGION_JOBS,
    RemovedRows.LEASES
  };

  /** Leftovers of instances purged a while ago (at most a batch of ids), then the ids. */
  private static final String LEFTOVERS =
      """
      WITH ids AS (SELECT instance_id AS id FROM cw_purged_instances
                    WHERE purged_at < ? ORDER BY purged_at LIMIT ?),
           q AS (DELETE FROM cw_queue WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           p AS (DELETE FROM cw_pending_heads WHERE instance_id IN (SELECT id FROM ids)
                 RETURNING 1),
           c AS (DELETE FROM cw_callbacks WHERE instance_id IN (SELECT id FROM ids) RETURNING 1),
           t AS (DELETE FROM cw_purged_instances WHERE instance_id IN (SELECT id FROM ids))
      SELECT (SELECT count(*) FROM q), (SELECT count(*) FROM p), (SELECT count(*) FROM c)
      """;

  private FinishedInstances() {}

  static RemovedRows purge(
      Connection connection,
      RetentionScope scope,
      Instant before,
      Instant now,
      int limit,
      Archiver archiver)
      throws SQLException {
    RemovedRows leftovers = leftovers(connection, now, limit);
    List<String> roots = candidates(connection, scope, before, now, limit);
    Set<String> ids = new LinkedHashSet<>();
    for (String root : roots) {
      if (ids.contains(root)) {
        continue; // a descendant of an instance before it
      }
      List<String> family = family(connection, root, now);
      if (family != null) {
        ids.addAll(family);
      }
    }
    if (ids.isEmpty()) {
      return leftovers;
    }
    if (archiver != null) {
      // under the batch's locks, before the delete: an archive that fails deletes nothing
      List<ArchivedInstance> batch = ArchivedRows.read(connection, ids);
      Archiver.archiveBeforeDelete(archiver, batch);
    }
    try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
      delete.setArray(1, connection.createArrayOf("text", ids.toArray()));
      delete.setObject(2, Instants.notAfter(now));
      try (ResultSet rs = delete.executeQuery()) {
        rs.next();
        Map<String, Long> removed = new HashMap<>();
        for (int column = 0; column < TABLES.length; column++) {
          removed.put(TABLES[column], rs.getLong(column + 1));
        }
        return leftovers.plus(new RemovedRows(removed));
      }
    }
  }

  private static List<String> candidates(
      Connection connection, RetentionScope scope, Instant before, Instant now, int limit)
      throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(CANDIDATES)) {
      select.setObject(1, Instants.notAfter(before));
      int next = Scope.bind(select, 2, scope);
      select.setObject(next, Instants.notAfter(now));
      select.setInt(next + 1, limit);
      List<String> ids = new ArrayList<>();
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getString(1));
        }
      }
      return ids;
    }
  }

  /** The instance and its descendants, locked; null when one of them is running or leased. */
  private static List<String> family(Connection connection, String root, Instant now)
      throws SQLException {
    List<String> family = new ArrayList<>();
    family.add(root);
    try (PreparedStatement select = connection.prepareStatement(FAMILY)) {
      select.setObject(1, Instants.notAfter(now));
      select.setString(2, root + "/");
      select.setString(3, root + "0");
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          if (rs.getBoolean(2)) {
            return null;
          }
          family.add(rs.getString(1));
        }
      }
    }
    return family;
  }

  private static RemovedRows leftovers(Connection connection, Instant now, int limit)
      throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(LEFTOVERS)) {
      delete.setObject(1, Instants.notAfter(now.minus(LEFTOVER_DELAY)));
      delete.setInt(2, limit);
      try (ResultSet rs = delete.executeQuery()) {
        rs.next();
        return new RemovedRows(
            Map.of(
                RemovedRows.QUEUE,
                rs.getLong(1),
                "pending_heads",
                rs.getLong(2),
                RemovedRows.CALLBACKS,
                rs.getLong(3)));
      }
    }
  }
}
