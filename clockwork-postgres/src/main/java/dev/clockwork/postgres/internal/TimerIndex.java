package dev.clockwork.postgres.internal;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.TimerView;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The index of armed timers ({@code cw_timers}) and the record of swept fires ({@code
 * cw_timer_fires}). The index is rewritten from the snapshot on every create and commit, except for
 * a timer whose (key, state entry, due) already has a fire record: its fire is queued, and sweeping
 * it again would fire it twice. A fire record lives as long as the snapshot holds that timer at
 * that due.
 */
public final class TimerIndex {
  private static final String UNINDEX =
      "DELETE FROM cw_timers WHERE instance_id = ANY (CAST(? AS text[]))";

  private static final String INDEX =
      """
      INSERT INTO cw_timers (instance_id, timer_key, entry_id, state, event, due_at, due_exact,
                             fires)
      SELECT v.*
        FROM (VALUES (?, ?, ?, ?, ?, CAST(? AS timestamptz), ?, ?))
             AS v(instance_id, timer_key, entry_id, state, event, due_at, due_exact, fires)
       WHERE NOT EXISTS (
             SELECT 1 FROM cw_timer_fires f
              WHERE f.instance_id = v.instance_id AND f.timer_key = v.timer_key
                AND f.entry_id = v.entry_id AND f.due_at = v.due_at)
      """;

  private static final String FORGET_FIRES =
      """
      DELETE FROM cw_timer_fires f
       WHERE f.instance_id = ?
         AND NOT EXISTS (
             SELECT 1
               FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]),
                           CAST(CAST(? AS text[]) AS timestamptz[])) AS a(timer_key, entry_id, due_at)
              WHERE a.timer_key = f.timer_key AND a.entry_id = f.entry_id AND a.due_at = f.due_at)
      """;

  private static final String NEXT_DUE = "SELECT min(due_at) FROM cw_timers";

  private static final String ARMED =
      """
      SELECT t.instance_id, i.machine, t.state, t.event, t.due_exact, t.fires
        FROM cw_timers t
        JOIN cw_instances i ON i.id = t.instance_id
       WHERE (CAST(? AS text) IS NULL OR i.machine = ?)
         AND (CAST(? AS text) IS NULL OR t.state = ? OR starts_with(t.state, ? || '.'))
       ORDER BY t.due_at, t.instance_id, t.timer_key, t.entry_id
       LIMIT ?
      """;

  private final Jdbc jdbc;

  public TimerIndex(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** Rewrites the timer index of each record (one per instance) in the caller's transaction. */
  static void index(Connection connection, List<InstanceRecord> records) throws SQLException {
    try (PreparedStatement unindex = connection.prepareStatement(UNINDEX)) {
      unindex.setArray(
          1, connection.createArrayOf("text", records.stream().map(InstanceRecord::id).toArray()));
      unindex.executeUpdate();
    }
    try (PreparedStatement index = connection.prepareStatement(INDEX);
        PreparedStatement forget = connection.prepareStatement(FORGET_FIRES)) {
      boolean anyTimer = false;
      for (InstanceRecord record : records) {
        List<String> keys = new ArrayList<>();
        List<Long> entries = new ArrayList<>();
        List<String> dues = new ArrayList<>();
        for (ArmedTimer timer : record.timers()) {
          OffsetDateTime dueAt = Instants.notBefore(timer.due());
          int i = 0;
          index.setString(++i, record.id());
          index.setString(++i, timer.key());
          index.setLong(++i, timer.entryId());
          index.setString(++i, timer.statePath());
          index.setString(++i, timer.event());
          index.setObject(++i, dueAt);
          index.setString(++i, timer.due().toString());
          index.setInt(++i, timer.fires());
          index.addBatch();
          anyTimer = true;
          keys.add(timer.key());
          entries.add(timer.entryId());
          dues.add(dueAt.toInstant().toString());
        }
        forget.setString(1, record.id());
        forget.setArray(2, connection.createArrayOf("text", keys.toArray()));
        forget.setArray(3, connection.createArrayOf("int8", entries.toArray()));
        forget.setArray(4, connection.createArrayOf("text", dues.toArray()));
        forget.addBatch();
      }
      if (anyTimer) {
        index.executeBatch();
      }
      forget.executeBatch();
    }
  }

  public Optional<Instant> nextDue() {
    return jdbc.autoCommit(
        "find the next due timer",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(NEXT_DUE);
              ResultSet rs = select.executeQuery()) {
            rs.next();
            return Optional.ofNullable(Instants.read(rs, "min"));
          }
        });
  }

  public List<TimerView> armed(String machine, String statePrefix, int limit) {
    return jdbc.autoCommit(
        "list armed timers",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(ARMED)) {
            select.setString(1, machine);
            select.setString(2, machine);
            select.setString(3, statePrefix);
            select.setString(4, statePrefix);
            select.setString(5, statePrefix);
            select.setInt(6, limit);
            List<TimerView> views = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                views.add(
                    new TimerView(
                        rs.getString("instance_id"),
                        rs.getString("machine"),
                        rs.getString("state"),
                        rs.getString("event"),
                        Instant.parse(rs.getString("due_exact")),
                        rs.getInt("fires")));
              }
            }
            return views;
          }
        });
  }
}
