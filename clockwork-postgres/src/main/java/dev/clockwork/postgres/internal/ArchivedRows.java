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

/** Instances with their whole history, read for the archive in the purging transaction. */
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

  private ArchivedRows() {}

  /** The instances {@code ids} (those that exist), each with its history, oldest row first. */
  public static List<ArchivedInstance> read(Connection connection, Collection<String> ids)
      throws SQLException {
    Object[] array = ids.toArray();
    Map<String, List<HistoryEntry>> histories = new HashMap<>();
    try (PreparedStatement select = connection.prepareStatement(HISTORY)) {
      select.setArray(1, connection.createArrayOf("text", array));
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          HistoryEntry row = InstanceHistory.row(rs);
          histories.computeIfAbsent(row.instanceId(), id -> new ArrayList<>()).add(row);
        }
      }
    }
    List<ArchivedInstance> archived = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(INSTANCES)) {
      select.setArray(1, connection.createArrayOf("text", array));
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          InstanceRecord record = InstanceRows.record(rs);
          archived.add(
              new ArchivedInstance(record, histories.getOrDefault(record.id(), List.of())));
        }
      }
    }
    return archived;
  }
}
