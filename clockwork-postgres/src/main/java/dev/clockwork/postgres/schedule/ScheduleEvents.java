package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A schedule's audit stream in {@code cw_schedule_events}. Sequences are handed out by the commit
 * that appends the rows, under the lock of the schedule's row, so they are gapless per schedule.
 * Payloads are stored as {@code json}, which keeps the contract's key order.
 */
final class ScheduleEvents {
  static final String INSERT =
      """
      INSERT INTO cw_schedule_events
        (namespace, schedule_id, sequence, event_type, recorded_at, instance_id, payload)
      VALUES (?, ?, ?, ?, ?, ?, ?::json)""";

  static final String PAGE =
      """
      SELECT * FROM cw_schedule_events
       WHERE namespace = ? AND schedule_id = ? AND sequence > ?
       ORDER BY sequence
       LIMIT ?""";

  private ScheduleEvents() {}

  /** Appends {@code events} numbered from {@code first}; returns them with their sequences. */
  static List<ScheduleAuditEvent> append(
      Connection connection, List<ScheduleAuditEvent> events, long first) throws SQLException {
    List<ScheduleAuditEvent> written = new ArrayList<>(events.size());
    if (events.isEmpty()) {
      return written;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      long sequence = first;
      for (ScheduleAuditEvent event : events) {
        ScheduleAuditEvent numbered = event.withSequence(sequence++);
        insert.setString(1, numbered.namespace());
        insert.setString(2, numbered.scheduleId());
        insert.setLong(3, numbered.sequence());
        insert.setString(4, numbered.type().name());
        insert.setObject(5, Instants.notAfter(numbered.recordedAt()));
        insert.setString(6, numbered.instanceId());
        insert.setString(7, JsonValuesCodec.write(numbered.payload()));
        insert.addBatch();
        written.add(numbered);
      }
      insert.executeBatch();
    }
    return written;
  }

  /** Removes up to {@code limit} audit rows of schedules deleted before {@code deletedBefore}. */
  static List<ScheduleAuditEvent> page(
      Connection connection, String namespace, String scheduleId, long afterSequence, int limit)
      throws SQLException {
    try (PreparedStatement page = connection.prepareStatement(PAGE)) {
      page.setString(1, namespace);
      page.setString(2, scheduleId);
      page.setLong(3, afterSequence);
      page.setInt(4, limit);
      List<ScheduleAuditEvent> events = new ArrayList<>();
      try (ResultSet rs = page.executeQuery()) {
        while (rs.next()) {
          events.add(
              new ScheduleAuditEvent(
                  rs.getString("namespace"),
                  rs.getString("schedule_id"),
                  rs.getLong("sequence"),
                  ScheduleEventType.valueOf(rs.getString("event_type")),
                  Instants.read(rs, "recorded_at"),
                  rs.getString("instance_id"),
                  JsonValuesCodec.readMap(rs.getString("payload"))));
        }
      }
      return events;
    }
  }
}
