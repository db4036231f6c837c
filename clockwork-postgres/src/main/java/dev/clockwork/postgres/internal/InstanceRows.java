package dev.clockwork.postgres.internal;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.postgres.internal.json.FireRetryJson;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reading instances ({@code cw_instances}); commits write them (see {@link InstanceWrites}). */
public final class InstanceRows {
  /** The columns {@link #record} reads. */
  static final String RECORD_COLUMNS =
      """
      id, machine, version, conversation_id, status, active, context, timers, last_entry_id,
      revision, history_seq, created_at, updated_at, fire_retry, queue, labels, memo,
      search_attributes, history_states
      """;

  private static final String FIND = "SELECT " + RECORD_COLUMNS + " FROM cw_instances WHERE id = ?";

  private static final String IN_CONVERSATION =
      "SELECT "
          + RECORD_COLUMNS
          + """
            FROM cw_instances
           WHERE conversation_id = ? AND machine = ?
           ORDER BY created_at, id
           LIMIT 1
          """;

  private static final String IDS = "SELECT id FROM cw_instances WHERE machine = ? ORDER BY id";

  /**
   * The machines with stored instances, sorted: a skip scan of {@code cw_instances_machine}, one
   * probe per machine, so its cost follows the machines rather than the instances ({@code SELECT
   * DISTINCT machine} read the whole index: 0.4 s at 200,000 instances).
   */
  static final String MACHINES =
      """
      WITH RECURSIVE machines AS (
             SELECT min(machine) AS machine FROM cw_instances
             UNION ALL
             SELECT (SELECT min(i.machine) FROM cw_instances i WHERE i.machine > m.machine)
               FROM machines m
              WHERE m.machine IS NOT NULL)
      SELECT machine FROM machines WHERE machine IS NOT NULL ORDER BY machine
      """;

  private static final String STATUSES =
      "SELECT id, status FROM cw_instances WHERE id = ANY (CAST(? AS text[]))";

  private final Jdbc jdbc;

  public InstanceRows(Jdbc jdbc) {
    this.jdbc = jdbc;
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

  /**
   * Active instances of a machine in a state and namespace (every one when null), in id order after
   * {@code afterId}.
   */
  public List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit) {
    return jdbc.autoCommit(
        "find the instances of '" + machine + "' in '" + state + "'",
        connection -> {
          String sql = ActiveStateFilter.machineInState(namespace);
          try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, machine);
            select.setString(2, state);
            select.setString(3, afterId);
            int i = NamespaceFilter.bind(select, 3, namespace);
            select.setInt(++i, limit);
            return ids(select);
          }
        });
  }

  /** The status of each instance among {@code instanceIds} that exists, in one read. */
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    if (instanceIds.isEmpty()) {
      return Map.of();
    }
    return jdbc.autoCommit(
        "read the status of " + instanceIds.size() + " instance(s)",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(STATUSES)) {
            select.setArray(1, Columns.texts(connection, instanceIds));
            Map<String, InstanceStatus> statuses = new HashMap<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                statuses.put(rs.getString("id"), InstanceStatus.valueOf(rs.getString("status")));
              }
            }
            return statuses;
          }
        });
  }

  public List<String> instanceIds(String machine) {
    return jdbc.autoCommit(
        "list the instances of '" + machine + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(IDS)) {
            select.setString(1, machine);
            return ids(select);
          }
        });
  }

  public List<String> machines() {
    return jdbc.autoCommit(
        "list the machines",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(MACHINES)) {
            return ids(select);
          }
        });
  }

  private static List<String> ids(PreparedStatement select) throws SQLException {
    List<String> ids = new ArrayList<>();
    try (ResultSet rs = select.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getString(1));
      }
    }
    return ids;
  }

  /** The record in the current row of {@code rs}, which has the {@link #RECORD_COLUMNS}. */
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
        Instants.read(rs, "updated_at"),
        FireRetryJson.read(rs.getString("fire_retry")),
        new InstanceMetadata(
            rs.getString("queue"),
            labels(rs.getString("labels")),
            JsonValuesCodec.readMap(rs.getString("memo")),
            JsonValuesCodec.readMap(rs.getString("search_attributes"))),
        SnapshotJson.readHistory(rs.getString("history_states")));
  }

  /** Stored labels: a JSON object of texts. */
  private static Map<String, String> labels(String json) {
    Map<String, Object> stored = JsonValuesCodec.readMap(json);
    if (stored.isEmpty()) {
      return Map.of();
    }
    Map<String, String> labels = new LinkedHashMap<>();
    stored.forEach((key, value) -> labels.put(key, String.valueOf(value)));
    return labels;
  }
}
