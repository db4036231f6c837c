package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of {@code cw_schedules}: writing a {@link ScheduleRecord} into one and reading it back.
 * The exact next fire and occurrence come back from their text columns; other instants are kept to
 * the microsecond.
 */
final class ScheduleRows {
  private static final Logger LOG = LoggerFactory.getLogger(ScheduleRows.class);

  /** A new row; the settable columns (from {@code settings} on) are bound by {@link #bind}. */
  static final String INSERT =
      """
      INSERT INTO cw_schedules (
        namespace, schedule_id, ulid, created_at, last_event_seq, last_skip_seq,
        settings, status, next_fire_at, next_fire_exact, next_occurrence, last_fired_at,
        latest_instance_id, fires_count, remaining_actions, paused_reason, paused_at,
        delete_reason, deleted_at, last_skip_reason, last_skipped_at, skipped_trigger_count,
        buffered_count, pending, updated_at, checked_at, revision)
      VALUES (?, ?, ?, ?, 1, 0,
              ?::json, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::json, ?, ?, ?)
      ON CONFLICT (namespace, schedule_id) DO NOTHING""";

  /**
   * The revision-checked write of a commit: no row when the schedule changed since it was read (or
   * is unknown). Returns the audit and skip sequences after the rows the commit appends.
   */
  static final String UPDATE =
      """
      UPDATE cw_schedules
         SET (settings, status, next_fire_at, next_fire_exact, next_occurrence, last_fired_at,
              latest_instance_id, fires_count, remaining_actions, paused_reason, paused_at,
              delete_reason, deleted_at, last_skip_reason, last_skipped_at, skipped_trigger_count,
              buffered_count, pending, updated_at, checked_at, revision)
           = (?::json, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::json, ?, ?, ?),
             last_event_seq = last_event_seq + ?,
             last_skip_seq  = last_skip_seq + ?,
             claimed_by     = CASE WHEN ? THEN NULL ELSE claimed_by END,
             claimed_until  = CASE WHEN ? THEN NULL ELSE claimed_until END
       WHERE namespace = ? AND schedule_id = ? AND revision = ?
      RETURNING namespace, schedule_id, last_event_seq, last_skip_seq""";

  static final String FIND = "SELECT * FROM cw_schedules WHERE namespace = ? AND schedule_id = ?";

  static final String LIST =
      """
      SELECT * FROM cw_schedules
       WHERE namespace = ? AND schedule_id > ? AND (? OR status <> 'deleted')
       ORDER BY schedule_id
       LIMIT ?""";

  static final String RELEASE =
      """
      UPDATE cw_schedules SET claimed_by = NULL, claimed_until = NULL
       WHERE namespace = ? AND schedule_id = ? AND claimed_by = ?""";

  static final String NEXT_FIRE =
      """
      SELECT next_fire_at FROM cw_schedules
       WHERE status = 'active' AND next_fire_at IS NOT NULL
       ORDER BY next_fire_at
       LIMIT 1""";

  private ScheduleRows() {}

  /** Inserts a new schedule; false when its id is taken in its namespace. */
  static boolean insert(Connection connection, ScheduleRecord record) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      insert.setString(1, record.namespace());
      insert.setString(2, record.scheduleId());
      insert.setString(3, record.ulid());
      insert.setObject(4, Instants.notAfter(record.createdAt()));
      bind(insert, 5, record);
      return insert.executeUpdate() == 1;
    }
  }

  /** Binds the settable columns from {@code first} on; returns the next parameter index. */
  static int bind(PreparedStatement statement, int first, ScheduleRecord record)
      throws SQLException {
    int i = first;
    statement.setString(i++, SettingsJson.write(record.settings()));
    statement.setString(i++, record.status().wireName());
    Instant nextFire = record.nextFireAt();
    if (nextFire == null) {
      statement.setNull(i++, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(i++, Instants.notBefore(nextFire));
    }
    statement.setString(i++, text(nextFire));
    statement.setString(i++, text(record.nextOccurrenceAt()));
    setInstant(statement, i++, record.lastFiredAt());
    statement.setString(i++, record.latestInstanceId());
    statement.setLong(i++, record.firesCount());
    if (record.remainingActions() == null) {
      statement.setNull(i++, Types.INTEGER);
    } else {
      statement.setInt(i++, record.remainingActions());
    }
    statement.setString(i++, record.pausedReason());
    setInstant(statement, i++, record.pausedAt());
    statement.setString(i++, record.deleteReason());
    setInstant(statement, i++, record.deletedAt());
    statement.setString(i++, record.lastSkipReason());
    setInstant(statement, i++, record.lastSkippedAt());
    statement.setLong(i++, record.skippedTriggerCount());
    statement.setInt(i++, record.bufferedCount());
    statement.setString(i++, PendingJson.write(record.pending()));
    setInstant(statement, i++, record.updatedAt());
    setInstant(statement, i++, record.checkedAt());
    statement.setLong(i++, record.revision());
    return i;
  }

  static Optional<ScheduleRecord> find(Connection connection, String namespace, String scheduleId)
      throws SQLException {
    try (PreparedStatement find = connection.prepareStatement(FIND)) {
      find.setString(1, namespace);
      find.setString(2, scheduleId);
      List<ScheduleRecord> found = read(find);
      return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }
  }

  /** Every row {@code query} returns, as records. */
  static List<ScheduleRecord> read(PreparedStatement query) throws SQLException {
    List<ScheduleRecord> records = new ArrayList<>();
    try (ResultSet rs = query.executeQuery()) {
      while (rs.next()) {
        records.add(record(rs));
      }
    }
    return records;
  }

  /**
   * The rows a claim returns, as records, leaving out (and logging) a row that cannot be read: one
   * unreadable schedule must not stop the others from firing. It stays claimed until its claim
   * expires, so the tick does not claim it again, and is logged again at every claim.
   */
  static List<ScheduleRecord> readClaimed(PreparedStatement claim) throws SQLException {
    List<ScheduleRecord> records = new ArrayList<>();
    try (ResultSet rs = claim.executeQuery()) {
      while (rs.next()) {
        try {
          records.add(record(rs));
        } catch (RuntimeException unreadable) {
          LOG.error(
              "schedule {}/{} is left out of this tick, its row cannot be read: {} (fix or delete"
                  + " its row in cw_schedules; it is tried again when its claim expires)",
              rs.getString("namespace"),
              rs.getString("schedule_id"),
              unreadable.getMessage(),
              unreadable);
        }
      }
    }
    return records;
  }

  static ScheduleRecord record(ResultSet rs) throws SQLException {
    String namespace = rs.getString("namespace");
    String scheduleId = rs.getString("schedule_id");
    int remaining = rs.getInt("remaining_actions");
    Integer remainingActions = rs.wasNull() ? null : remaining;
    return new ScheduleRecord(
        namespace,
        scheduleId,
        rs.getString("ulid"),
        SettingsJson.read(namespace, scheduleId, rs.getString("settings")),
        ScheduleStatus.valueOf(rs.getString("status").toUpperCase(Locale.ROOT)),
        parse(rs.getString("next_fire_exact")),
        parse(rs.getString("next_occurrence")),
        Instants.read(rs, "last_fired_at"),
        rs.getString("latest_instance_id"),
        rs.getLong("fires_count"),
        remainingActions,
        rs.getString("paused_reason"),
        Instants.read(rs, "paused_at"),
        rs.getString("delete_reason"),
        Instants.read(rs, "deleted_at"),
        rs.getString("last_skip_reason"),
        Instants.read(rs, "last_skipped_at"),
        rs.getLong("skipped_trigger_count"),
        rs.getInt("buffered_count"),
        PendingJson.read(namespace, scheduleId, rs.getString("pending")),
        Instants.read(rs, "created_at"),
        Instants.read(rs, "updated_at"),
        Instants.read(rs, "checked_at"),
        rs.getLong("revision"));
  }

  private static void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, Instants.notAfter(instant));
    }
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  private static Instant parse(String text) {
    return text == null ? null : Instant.parse(text);
  }
}
