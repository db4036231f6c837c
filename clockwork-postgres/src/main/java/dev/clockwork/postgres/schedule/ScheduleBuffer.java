package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.schedule.store.BufferedTrigger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The occurrences waiting in a schedule's buffer, in {@code cw_schedule_buffer}: oldest occurrence
 * first, and in the order they were buffered when two share an occurrence (or a microsecond). An
 * occurrence buffered twice leaves once per removal.
 */
final class ScheduleBuffer {
  static final String INSERT =
      """
      INSERT INTO cw_schedule_buffer
        (namespace, schedule_id, occurrence_at, occurrence, buffered_at)
      VALUES (?, ?, ?, ?, ?)""";

  static final String REMOVE_ONE =
      """
      DELETE FROM cw_schedule_buffer
       WHERE namespace = ? AND schedule_id = ?
         AND id = (SELECT id FROM cw_schedule_buffer
                    WHERE namespace = ? AND schedule_id = ? AND occurrence = ?
                    ORDER BY id
                    LIMIT 1)""";

  static final String LIST =
      """
      SELECT occurrence, buffered_at FROM cw_schedule_buffer
       WHERE namespace = ? AND schedule_id = ?
       ORDER BY occurrence_at, id""";

  private ScheduleBuffer() {}

  /** Takes one buffered trigger of each occurrence out, then adds {@code added}. */
  static void change(
      Connection connection,
      String namespace,
      String scheduleId,
      List<Instant> removed,
      List<BufferedTrigger> added)
      throws SQLException {
    if (!removed.isEmpty()) {
      try (PreparedStatement remove = connection.prepareStatement(REMOVE_ONE)) {
        for (Instant occurrence : removed) {
          remove.setString(1, namespace);
          remove.setString(2, scheduleId);
          remove.setString(3, namespace);
          remove.setString(4, scheduleId);
          remove.setString(5, occurrence.toString());
          remove.executeUpdate(); // one by one: a duplicate occurrence leaves once per entry
        }
      }
    }
    if (!added.isEmpty()) {
      try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
        for (BufferedTrigger trigger : added) {
          insert.setString(1, namespace);
          insert.setString(2, scheduleId);
          insert.setObject(3, Instants.notAfter(trigger.occurrence()));
          insert.setString(4, trigger.occurrence().toString());
          insert.setObject(5, Instants.notAfter(trigger.bufferedAt()));
          insert.addBatch();
        }
        insert.executeBatch();
      }
    }
  }

  static List<BufferedTrigger> list(Connection connection, String namespace, String scheduleId)
      throws SQLException {
    try (PreparedStatement list = connection.prepareStatement(LIST)) {
      list.setString(1, namespace);
      list.setString(2, scheduleId);
      List<BufferedTrigger> buffer = new ArrayList<>();
      try (ResultSet rs = list.executeQuery()) {
        while (rs.next()) {
          buffer.add(
              new BufferedTrigger(
                  Instant.parse(rs.getString("occurrence")), Instants.read(rs, "buffered_at")));
        }
      }
      return buffer;
    }
  }
}
