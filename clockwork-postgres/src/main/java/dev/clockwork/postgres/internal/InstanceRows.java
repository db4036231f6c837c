package dev.clockwork.postgres.internal;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Instances and their history: {@code cw_instances} and {@code cw_history}. */
public final class InstanceRows {
  private static final String INSERT =
      """
      INSERT INTO cw_instances (id, machine, version, conversation_id, status, active, context,
                                timers, last_entry_id, revision, history_seq, created_at,
                                updated_at)
      VALUES (?, ?, ?, ?, ?, CAST(? AS jsonb), CAST(? AS jsonb), CAST(? AS jsonb), ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO NOTHING
      """;

  private static final String FIND =
      """
      SELECT id, machine, version, conversation_id, status, active, context, timers,
             last_entry_id, revision, history_seq, created_at, updated_at
        FROM cw_instances
       WHERE id = ?
      """;

  private static final String IN_CONVERSATION =
      """
      SELECT id, machine, version, conversation_id, status, active, context, timers,
             last_entry_id, revision, history_seq, created_at, updated_at
        FROM cw_instances
       WHERE conversation_id = ? AND machine = ?
       ORDER BY created_at, id
       LIMIT 1
      """;

  private static final String HISTORY =
      """
      SELECT seq, instance_id, conversation_id, at, kind, event, payload, states, detail
        FROM cw_history
       WHERE instance_id = ? AND seq > ?
       ORDER BY seq
       LIMIT ?
      """;

  /** Any number of history rows in one statement, one array per column. */
  private static final String INSERT_HISTORY =
      """
      INSERT INTO cw_history (instance_id, conversation_id, seq, at, kind, event, payload, states,
                              detail)
      SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bigint[]),
                           CAST(CAST(? AS text[]) AS timestamptz[]), CAST(? AS text[]),
                           CAST(? AS text[]), CAST(CAST(? AS text[]) AS jsonb[]),
                           CAST(CAST(? AS text[]) AS jsonb[]), CAST(? AS text[]))
      """;

  private static final String IDS = "SELECT id FROM cw_instances WHERE machine = ? ORDER BY id";

  private final Jdbc jdbc;

  public InstanceRows(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public void create(InstanceRecord record, List<HistoryEntry> history) {
    jdbc.inTransaction(
        "create instance '" + record.id() + "'",
        connection -> {
          try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            int i = 0;
            insert.setString(++i, record.id());
            insert.setString(++i, record.machine());
            insert.setInt(++i, record.version());
            insert.setString(++i, record.conversationId());
            insert.setString(++i, record.status().name());
            insert.setString(++i, SnapshotJson.writeActive(record.active()));
            insert.setString(++i, JsonValuesCodec.write(record.context()));
            insert.setString(++i, SnapshotJson.writeTimers(record.timers()));
            insert.setLong(++i, record.lastEntryId());
            insert.setLong(++i, record.revision());
            insert.setLong(++i, record.historySequence());
            insert.setObject(++i, Instants.notAfter(record.createdAt()));
            insert.setObject(++i, Instants.notAfter(record.updatedAt()));
            if (insert.executeUpdate() == 0) {
              throw new DuplicateInstanceException(record.id());
            }
          }
          insertHistory(connection, history);
          TimerIndex.index(connection, List.of(record));
          return null;
        });
  }

  public Optional<InstanceRecord> find(String instanceId) {
    return jdbc.autoCommit(
        "find instance '" + instanceId + "'",
        connection -> {
          try (PreparedStatement find = connection.prepareStatement(FIND)) {
            find.setString(1, instanceId);
            try (ResultSet rs = find.executeQuery()) {
              return rs.next() ? Optional.of(record(rs)) : Optional.empty();
            }
          }
        });
  }

  /** The oldest instance of {@code machine} in a conversation. */
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    return jdbc.autoCommit(
        "find the '" + machine + "' instance of conversation '" + conversationId + "'",
        connection -> {
          try (PreparedStatement find = connection.prepareStatement(IN_CONVERSATION)) {
            find.setString(1, conversationId);
            find.setString(2, machine);
            try (ResultSet rs = find.executeQuery()) {
              return rs.next() ? Optional.of(record(rs)) : Optional.empty();
            }
          }
        });
  }

  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return jdbc.autoCommit(
        "read the history of '" + instanceId + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(HISTORY)) {
            select.setString(1, instanceId);
            select.setLong(2, afterSequence);
            select.setInt(3, limit);
            List<HistoryEntry> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                rows.add(
                    new HistoryEntry(
                        rs.getLong("seq"),
                        rs.getString("instance_id"),
                        rs.getString("conversation_id"),
                        Instants.read(rs, "at"),
                        HistoryEntry.Kind.valueOf(rs.getString("kind")),
                        rs.getString("event"),
                        JsonValuesCodec.readMap(rs.getString("payload")),
                        SnapshotJson.readStrings(rs.getString("states")),
                        rs.getString("detail")));
              }
            }
            return rows;
          }
        });
  }

  private static final String IN_STATE =
      """
      SELECT id FROM cw_instances
       WHERE machine = ? AND status = 'ACTIVE' AND active @> CAST(? AS jsonb) AND id > ?
       ORDER BY id
       LIMIT ?
      """;

  /** Active instances of a machine in a state, in id order after {@code afterId}. */
  public List<String> instancesIn(String machine, String state, String afterId, int limit) {
    return jdbc.autoCommit(
        "find the instances of '" + machine + "' in '" + state + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(IN_STATE)) {
            select.setString(1, machine);
            select.setString(
                2,
                dev.clockwork.postgres.internal.json.JsonValuesCodec.write(
                    List.of(java.util.Map.of("path", state))));
            select.setString(3, afterId);
            select.setInt(4, limit);
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                ids.add(rs.getString(1));
              }
            }
            return ids;
          }
        });
  }

  public List<String> instanceIds(String machine) {
    return jdbc.autoCommit(
        "list the instances of '" + machine + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(IDS)) {
            select.setString(1, machine);
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                ids.add(rs.getString(1));
              }
            }
            return ids;
          }
        });
  }

  /** Inserts history rows as one JDBC batch. */
  static void insertHistory(Connection connection, List<HistoryEntry> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    int n = rows.size();
    Object[][] columns = new Object[9][n];
    for (int r = 0; r < n; r++) {
      HistoryEntry row = rows.get(r);
      columns[0][r] = row.instanceId();
      columns[1][r] = row.conversationId();
      columns[2][r] = row.sequence();
      columns[3][r] = Instants.notAfter(row.at()).toInstant().toString(); // ISO, with seconds
      columns[4][r] = row.kind().name();
      columns[5][r] = row.event();
      columns[6][r] = JsonValuesCodec.write(row.payload() == null ? Map.of() : row.payload());
      columns[7][r] = SnapshotJson.writeStrings(row.states() == null ? List.of() : row.states());
      columns[8][r] = row.detail();
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT_HISTORY)) {
      for (int c = 0; c < columns.length; c++) {
        insert.setArray(c + 1, connection.createArrayOf(c == 2 ? "int8" : "text", columns[c]));
      }
      insert.executeUpdate();
    }
  }

  /** The record in the current row of {@code rs} (which has every column the record needs). */
  static InstanceRecord record(ResultSet rs) throws SQLException {
    return new InstanceRecord(
        rs.getString("id"),
        rs.getString("machine"),
        rs.getInt("version"),
        rs.getString("conversation_id"),
        SnapshotJson.readActive(rs.getString("active")),
        JsonValuesCodec.readMap(rs.getString("context")),
        SnapshotJson.readTimers(rs.getString("timers")),
        rs.getLong("last_entry_id"),
        InstanceStatus.valueOf(rs.getString("status")),
        rs.getLong("revision"),
        rs.getLong("history_seq"),
        Instants.read(rs, "created_at"),
        Instants.read(rs, "updated_at"));
  }
}
