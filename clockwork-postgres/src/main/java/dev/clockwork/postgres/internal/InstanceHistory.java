package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.store.HistoryEntry;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Instances' history ({@code cw_history}): appended by commits, read in sequence order. */
public final class InstanceHistory {
  private static final String HISTORY =
      """
      SELECT seq, instance_id, conversation_id, at, kind, event, payload, states, detail,
             event_id, attempt, entered
        FROM cw_history
       WHERE instance_id = ? AND seq > ?
       ORDER BY seq
       LIMIT ?
      """;

  /** Any number of history rows in one statement, one array per column. */
  private static final String INSERT =
      """
      INSERT INTO cw_history (instance_id, conversation_id, seq, at, kind, event, payload, states,
                              detail, event_id, attempt, entered)
      SELECT u.instance_id, u.conversation_id, u.seq, CAST(u.at AS timestamptz), u.kind, u.event,
             CAST(u.payload AS jsonb), CAST(u.states AS jsonb), u.detail, u.event_id, u.attempt,
             CAST(u.entered AS jsonb)
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS int[]), CAST(? AS text[]))
             AS u(instance_id, conversation_id, seq, at, kind, event, payload, states, detail,
                  event_id, attempt, entered)
      """;

  private final Jdbc jdbc;

  public InstanceHistory(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public List<HistoryEntry> read(String instanceId, long afterSequence, int limit) {
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
                rows.add(row(rs));
              }
            }
            return rows;
          }
        });
  }

  /** The history row in the current row of {@code rs} (the columns {@link #HISTORY} selects). */
  static HistoryEntry row(ResultSet rs) throws SQLException {
    return new HistoryEntry(
        rs.getLong("seq"),
        rs.getString("instance_id"),
        rs.getString("conversation_id"),
        Instants.read(rs, "at"),
        HistoryEntry.Kind.valueOf(rs.getString("kind")),
        rs.getString("event"),
        JsonValuesCodec.readMap(rs.getString("payload")),
        SnapshotJson.readStrings(rs.getString("states")),
        rs.getString("detail"),
        rs.getLong("event_id"),
        rs.getInt("attempt"),
        SnapshotJson.readActive(rs.getString("entered")));
  }

  /** Appends history rows with the pipeline's transaction: one statement, whatever their number. */
  static void append(Pipeline pipeline, List<HistoryEntry> rows) {
    if (rows.isEmpty()) {
      return;
    }
    pipeline.add(
        INSERT,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, rows, HistoryEntry::instanceId));
          insert.setArray(++i, Columns.text(connection, rows, HistoryEntry::conversationId));
          insert.setArray(++i, Columns.int8(connection, rows, HistoryEntry::sequence));
          insert.setArray(++i, Columns.text(connection, rows, r -> Instants.textNotAfter(r.at())));
          insert.setArray(++i, Columns.text(connection, rows, r -> r.kind().name()));
          insert.setArray(++i, Columns.text(connection, rows, HistoryEntry::event));
          insert.setArray(
              ++i, Columns.text(connection, rows, r -> JsonValuesCodec.write(r.payload())));
          insert.setArray(
              ++i, Columns.text(connection, rows, r -> SnapshotJson.writeStrings(r.states())));
          insert.setArray(++i, Columns.text(connection, rows, HistoryEntry::detail));
          insert.setArray(++i, Columns.int8(connection, rows, HistoryEntry::eventId));
          insert.setArray(++i, Columns.int4(connection, rows, HistoryEntry::attempt));
          insert.setArray(
              ++i, Columns.text(connection, rows, r -> SnapshotJson.writeActive(r.entered())));
          return i;
        });
  }
}
