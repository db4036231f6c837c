package dev.clockwork.postgres.internal.retention;

import dev.clockwork.postgres.internal.ArchivedRows;
import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Trims running instances' history, a batch of instances (by id) per call. One statement reads the
 * batch with, per instance, its newest sequence, its oldest sequence and the age of its oldest row
 * that is not a marker (two probes of the history's primary key), so an instance with nothing to
 * trim costs no statement of its own. Each instance that has something to trim then gets its own
 * short statements on the primary key: the newest row to go is found by age ({@code at} before the
 * cutoff, markers aside) and by rows (an instance's rows are its sequences from its oldest row to
 * its newest, which commits write without gaps), the rows before it are deleted and it becomes the
 * marker (keeping its states, where the next row came from). With an archiver, every instance's
 * rows about to go are read and archived first, in the same transaction, and nothing is deleted
 * when that fails. Commits only ever append rows above the newest, so trimming needs no lock on the
 * instance.
 */
final class HistoryTrimmer {
  /**
   * The batch: each running instance's newest sequence, its oldest row and when its oldest ordinary
   * row (not a marker) was written.
   */
  private static final String RUNNING =
      """
      SELECT i.id, i.conversation_id, i.history_seq AS newest, f.seq AS first, o.at AS oldest
        FROM cw_instances i
        LEFT JOIN LATERAL (SELECT h.seq FROM cw_history h
                            WHERE h.instance_id = i.id ORDER BY h.seq LIMIT 1) f ON true
        LEFT JOIN LATERAL (SELECT h.at FROM cw_history h
                            WHERE h.instance_id = i.id AND h.kind <> 'TRIMMED'
                            ORDER BY h.seq LIMIT 1) o ON true
       WHERE i.status = 'ACTIVE' AND i.id > ? AND %s
       ORDER BY i.id
       LIMIT ?
      """
          .formatted(Scope.SQL);

  /** The instance's oldest and newest row, whether the oldest is a marker, and the age cut. */
  private static final String BOUNDS =
      """
      SELECT (SELECT seq FROM cw_history WHERE instance_id = ? ORDER BY seq LIMIT 1) AS first,
             (SELECT kind = 'TRIMMED' FROM cw_history WHERE instance_id = ? ORDER BY seq LIMIT 1)
               AS first_is_marker,
             (SELECT seq FROM cw_history WHERE instance_id = ? ORDER BY seq DESC LIMIT 1) AS last,
             (SELECT max(seq) FROM cw_history
               WHERE instance_id = ? AND at < ? AND kind <> 'TRIMMED') AS old
      """;

  /** How many rows the cut takes away from view: each row one, each earlier marker its count. */
  private static final String COUNT =
      """
      SELECT coalesce(sum(CASE WHEN kind = 'TRIMMED' THEN CAST(payload ->> 'removed' AS bigint)
                               ELSE 1 END), 0), count(*)
        FROM cw_history
       WHERE instance_id = ? AND seq <= ?
      """;

  private static final String DELETE = "DELETE FROM cw_history WHERE instance_id = ? AND seq < ?";

  private static final String MARK =
      """
      UPDATE cw_history
         SET at = ?, kind = 'TRIMMED', event = NULL, payload = CAST(? AS jsonb),
             detail = ?, event_id = 0, attempt = 0, entered = '[]'
       WHERE instance_id = ? AND seq = ?
      """;

  private HistoryTrimmer() {}

  static HistoryTrim trim(
      Connection connection,
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit,
      Archiver archiver)
      throws SQLException {
    List<String[]> candidates = new ArrayList<>();
    int seen = 0;
    String last = null;
    try (PreparedStatement select = connection.prepareStatement(RUNNING)) {
      select.setString(1, afterId);
      int next = Scope.bind(select, 2, scope);
      select.setInt(next, limit + 1);
      try (ResultSet rs = select.executeQuery()) {
        while (seen < limit && rs.next()) {
          seen++;
          last = rs.getString(1);
          if (hasSomethingToTrim(rs, olderThan, maxRows)) {
            candidates.add(new String[] {rs.getString(1), rs.getString(2)});
          }
        }
        boolean more = seen == limit && rs.next();
        last = more ? last : null;
      }
    }
    Map<String, Long> cuts = new LinkedHashMap<>();
    Map<String, String> conversations = new HashMap<>();
    for (String[] instance : candidates) {
      long cut = cut(connection, instance[0], olderThan, maxRows);
      if (cut >= 0) {
        cuts.put(instance[0], cut);
        conversations.put(instance[0], instance[1]);
      }
    }
    if (archiver != null && !cuts.isEmpty()) {
      // before the deletes, in their transaction: an archive that fails trims nothing
      List<ArchivedInstance> batch = ArchivedRows.trimmed(connection, cuts);
      Archiver.archiveBeforeDelete(archiver, batch);
    }
    long rows = 0;
    for (Map.Entry<String, Long> cut : cuts.entrySet()) {
      rows += apply(connection, cut.getKey(), conversations.get(cut.getKey()), cut.getValue(), now);
    }
    return new HistoryTrim(rows, cuts.size(), last);
  }

  /**
   * Whether the batch row's instance has rows past {@code maxRows} or an ordinary oldest row older
   * than {@code olderThan} (rows are written in time order, so none is older than that one).
   */
  private static boolean hasSomethingToTrim(ResultSet rs, Instant olderThan, long maxRows)
      throws SQLException {
    long first = rs.getLong("first");
    if (rs.wasNull()) {
      return false; // no history at all
    }
    Instant oldest = Instants.read(rs, "oldest");
    return (oldest != null && oldest.isBefore(olderThan))
        || rs.getLong("newest") - first + 1 > maxRows;
  }

  /**
   * The newest sequence one instance's trim takes (its rows up to it go, that one becoming the
   * marker); -1 when there is nothing to trim.
   */
  private static long cut(Connection connection, String id, Instant olderThan, long maxRows)
      throws SQLException {
    long cut;
    try (PreparedStatement bounds = connection.prepareStatement(BOUNDS)) {
      bounds.setString(1, id);
      bounds.setString(2, id);
      bounds.setString(3, id);
      bounds.setString(4, id);
      bounds.setObject(5, Instants.notAfter(olderThan));
      try (ResultSet rs = bounds.executeQuery()) {
        rs.next();
        long first = rs.getLong("first");
        if (rs.wasNull()) {
          return -1;
        }
        boolean firstIsMarker = rs.getBoolean("first_is_marker");
        long lastSeq = rs.getLong("last");
        long old = rs.getLong("old");
        cut = rs.wasNull() ? 0 : old;
        if (lastSeq - first + 1 > maxRows) {
          cut = Math.max(cut, lastSeq - maxRows + 1); // the marker is one of max_rows
        }
        if (cut < first || (cut == first && firstIsMarker)) {
          return -1;
        }
      }
    }
    return cut;
  }

  /** Trims one instance's rows up to {@code cut}; returns how many rows fewer it has. */
  private static long apply(
      Connection connection, String id, String conversationId, long cut, Instant now)
      throws SQLException {
    long removed;
    long rows;
    try (PreparedStatement count = connection.prepareStatement(COUNT)) {
      count.setString(1, id);
      count.setLong(2, cut);
      try (ResultSet rs = count.executeQuery()) {
        rs.next();
        removed = rs.getLong(1);
        rows = rs.getLong(2);
      }
    }
    try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
      delete.setString(1, id);
      delete.setLong(2, cut);
      delete.executeUpdate();
    }
    HistoryEntry marker = TrimMarker.of(id, conversationId, cut, removed, now, List.of());
    try (PreparedStatement mark = connection.prepareStatement(MARK)) {
      mark.setObject(1, Instants.notAfter(now));
      mark.setString(
          2,
          "{\""
              + TrimMarker.REMOVED
              + "\":"
              + removed
              + ",\""
              + TrimMarker.THROUGH
              + "\":"
              + cut
              + "}");
      mark.setString(3, marker.detail());
      mark.setString(4, id);
      mark.setLong(5, cut);
      mark.executeUpdate();
    }
    return rows - 1; // one row became the marker
  }
}
