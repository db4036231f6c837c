package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The occurrences a schedule skipped, in {@code cw_schedule_skips}, numbered per schedule like the
 * audit stream; the occurrence is kept exactly.
 */
final class ScheduleSkips {
  static final String INSERT =
      """
      INSERT INTO cw_schedule_skips
        (namespace, schedule_id, sequence, occurrence, reason, detail, recorded_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)""";

  static final String PAGE =
      """
      SELECT * FROM cw_schedule_skips
       WHERE namespace = ? AND schedule_id = ? AND sequence > ?
       ORDER BY sequence
       LIMIT ?""";

  private ScheduleSkips() {}

  /** Appends {@code skips} of one schedule numbered from {@code first}. */
  static void append(
      Connection connection,
      String namespace,
      String scheduleId,
      List<SkippedOccurrence> skips,
      long first)
      throws SQLException {
    if (skips.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      long sequence = first;
      for (SkippedOccurrence skip : skips) {
        insert.setString(1, namespace);
        insert.setString(2, scheduleId);
        insert.setLong(3, sequence++);
        insert.setString(4, skip.occurrence().toString());
        insert.setString(5, skip.reason());
        insert.setString(6, skip.detail());
        insert.setObject(7, Instants.notAfter(skip.recordedAt()));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  static List<SkippedOccurrence> page(
      Connection connection, String namespace, String scheduleId, long afterSequence, int limit)
      throws SQLException {
    try (PreparedStatement page = connection.prepareStatement(PAGE)) {
      page.setString(1, namespace);
      page.setString(2, scheduleId);
      page.setLong(3, afterSequence);
      page.setInt(4, limit);
      List<SkippedOccurrence> skips = new ArrayList<>();
      try (ResultSet rs = page.executeQuery()) {
        while (rs.next()) {
          skips.add(
              new SkippedOccurrence(
                  rs.getString("namespace"),
                  rs.getString("schedule_id"),
                  rs.getLong("sequence"),
                  Instant.parse(rs.getString("occurrence")),
                  rs.getString("reason"),
                  rs.getString("detail"),
                  Instants.read(rs, "recorded_at")));
        }
      }
      return skips;
    }
  }
}
