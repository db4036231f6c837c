package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Writes a {@link ScheduleCommit}: the revision-checked update of the row, then what the commit
 * appends, numbered from the sequences the update moved on under the row's lock. A commit that only
 * appends audit events (a tick's trigger, a pause, a resume) is one statement; one that also
 * records skipped occurrences or changes the buffer is one transaction.
 */
final class ScheduleCommits {
  /** The update and its audit events in one statement: a tick's commit is one round trip. */
  static final String UPDATE_AND_APPEND =
      "WITH updated AS ("
          + ScheduleRows.UPDATE
          + """
          ),
          appended AS (
            INSERT INTO cw_schedule_events
              (namespace, schedule_id, sequence, event_type, recorded_at, instance_id, payload)
            SELECT u.namespace, u.schedule_id, u.last_event_seq - ? + e.n, e.event_type,
                   e.recorded_at::timestamptz, e.instance_id, e.payload::json
              FROM updated u,
                   unnest(?::text[], ?::text[], ?::text[], ?::text[])
                     WITH ORDINALITY AS e(event_type, recorded_at, instance_id, payload, n))
          SELECT count(*) FROM updated""";

  private ScheduleCommits() {}

  /** True when the commit can be written by {@link #UPDATE_AND_APPEND} alone. */
  static boolean appendsAuditOnly(ScheduleCommit commit) {
    return commit.skipped().isEmpty() && commit.buffer().isEmpty() && commit.unbuffer().isEmpty();
  }

  /** Writes an audit-only commit in one statement (auto-commit); false when it lost. */
  static boolean writeAuditOnly(Connection connection, ScheduleCommit commit) throws SQLException {
    List<ScheduleAuditEvent> audit = commit.audit();
    String[] types = new String[audit.size()];
    String[] recordedAt = new String[audit.size()];
    String[] instanceIds = new String[audit.size()];
    String[] payloads = new String[audit.size()];
    for (int e = 0; e < audit.size(); e++) {
      ScheduleAuditEvent event = audit.get(e);
      types[e] = event.type().name();
      recordedAt[e] = Instants.notAfter(event.recordedAt()).toString();
      instanceIds[e] = event.instanceId();
      payloads[e] = JsonValuesCodec.write(event.payload());
    }
    try (PreparedStatement write = connection.prepareStatement(UPDATE_AND_APPEND)) {
      int i = bindUpdate(write, commit);
      write.setLong(i++, audit.size());
      write.setArray(i++, connection.createArrayOf("text", types));
      write.setArray(i++, connection.createArrayOf("text", recordedAt));
      write.setArray(i++, connection.createArrayOf("text", instanceIds));
      write.setArray(i, connection.createArrayOf("text", payloads));
      try (ResultSet rs = write.executeQuery()) {
        return rs.next() && rs.getLong(1) == 1;
      }
    }
  }

  /** Writes any commit inside the caller's transaction; false, writing nothing, when it lost. */
  static boolean write(Connection connection, ScheduleCommit commit) throws SQLException {
    ScheduleRecord next = commit.next();
    long lastEvent;
    long lastSkip;
    try (PreparedStatement update = connection.prepareStatement(ScheduleRows.UPDATE)) {
      bindUpdate(update, commit);
      try (ResultSet rs = update.executeQuery()) {
        if (!rs.next()) {
          return false;
        }
        lastEvent = rs.getLong("last_event_seq");
        lastSkip = rs.getLong("last_skip_seq");
      }
    }
    ScheduleEvents.append(connection, commit.audit(), lastEvent - commit.audit().size() + 1);
    ScheduleSkips.append(
        connection,
        next.namespace(),
        next.scheduleId(),
        commit.skipped(),
        lastSkip - commit.skipped().size() + 1);
    ScheduleBuffer.change(
        connection, next.namespace(), next.scheduleId(), commit.unbuffer(), commit.buffer());
    return true;
  }

  /** Binds {@link ScheduleRows#UPDATE}'s parameters; returns the next parameter index. */
  private static int bindUpdate(PreparedStatement update, ScheduleCommit commit)
      throws SQLException {
    ScheduleRecord next = commit.next();
    int i = ScheduleRows.bind(update, 1, next);
    update.setLong(i++, commit.audit().size());
    update.setLong(i++, commit.skipped().size());
    update.setBoolean(i++, commit.release());
    update.setBoolean(i++, commit.release());
    update.setString(i++, next.namespace());
    update.setString(i++, next.scheduleId());
    update.setLong(i++, commit.expectedRevision());
    return i;
  }
}
