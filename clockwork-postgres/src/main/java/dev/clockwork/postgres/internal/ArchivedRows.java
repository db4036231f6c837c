package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Instances with the history rows about to be deleted, read for the archive in the deleting
 * transaction: a purged instance's whole history, or the rows trimmed from a running one.
 */
public final class ArchivedRows {
  private static final String INSTANCES =
      "SELECT "
          + InstanceRows.RECORD_COLUMNS
          + " FROM cw_instances WHERE id = ANY (CAST(? AS text[])) ORDER BY id";

  private static final String HISTORY =
      """
      SELECT seq, instance_id, conversation_id, at, kind, event, payload, states, detail,
             event_id, attempt, entered
        FROM cw_history
       WHERE instance_id = ANY (CAST(? AS text[]))
       ORDER BY instance_id, seq
      """;

  /** Each instance's rows up to its cut, markers aside (they stand for rows archived earlier). */
  private static final String TRIMMED =
      """
      SELECT h.seq, h.instance_id, h.conversation_id, h.at, h.kind, h.event, h.payload, h.states,
             h.detail, h.event_id, h.attempt, h.entered
        FROM unnest(CAST(? AS text[]), CAST(? AS bigint[])) AS c(id, cut)
        JOIN cw_history h ON h.instance_id = c.id AND h.seq <= c.cut AND h.kind <> 'TRIMMED'
       ORDER BY h.instance_id, h.seq
      """;

  private ArchivedRows() {}

  /** The instances {@code ids} (those that exist), each with its history, oldest row first. */
  public static List<ArchivedInstance> read(Connection connection, Collection<String> ids)
      throws SQLException {
    Map<String, List<HistoryEntry>> histories;
    try (PreparedStatement select = connection.prepareStatement(HISTORY)) {
      select.setArray(1, Columns.texts(connection, ids));
      histories = histories(select);
    }
    return instances(connection, ids, histories, ArchivedInstance.Reason.FINISHED);
  }

  /**
   * The running instances of {@code cuts} (id → the newest sequence trimmed), each with its rows up
   * to that sequence that are not markers, oldest first.
   */
  public static List<ArchivedInstance> trimmed(Connection connection, Map<String, Long> cuts)
      throws SQLException {
    Map<String, List<HistoryEntry>> histories;
    try (PreparedStatement select = connection.prepareStatement(TRIMMED)) {
      select.setArray(1, Columns.texts(connection, cuts.keySet()));
      select.setArray(2, Columns.longs(connection, cuts.values()));
      histories = histories(select);
    }
    return instances(connection, cuts.keySet(), histories, ArchivedInstance.Reason.TRIMMED);
  }

  private static Map<String, List<HistoryEntry>> histories(PreparedStatement select)
      throws SQLException {
    Map<String, List<HistoryEntry>> histories = new HashMap<>();
    try (ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        HistoryEntry row = InstanceHistory.row(rs);
        histories.computeIfAbsent(row.instanceId(), id -> new ArrayList<>()).add(row);
      }
    }
    return histories;
  }

  private static List<ArchivedInstance> instances(
      Connection connection,
      Collection<String> ids,
      Map<String, List<HistoryEntry>> histories,
      ArchivedInstance.Reason reason)
      throws SQLException {
    List<ArchivedInstance> archived = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(INSTANCES)) {
      select.setArray(1, Columns.texts(connection, ids));
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          InstanceRecord record = InstanceRows.record(rs);
          archived.add(
              new ArchivedInstance(record, histories.getOrDefault(record.id(), List.of()), reason));
        }
      }
    }
    return archived;
  }
}
