package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.TimerView;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The index of armed timers ({@code cw_timers}) and the record of swept fires ({@code
 * cw_timer_fires}). The index is rewritten from the snapshot on every create and commit, except for
 * a timer whose (key, state entry, due) already has a fire record: its fire is queued, and sweeping
 * it again would fire it twice. A fire record lives as long as the snapshot holds that timer at
 * that due.
 */
public final class TimerRows {
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

  private static final String DUE =
      """
      SELECT t.instance_id, t.timer_key, t.entry_id, t.event, t.due_at, t.due_exact, i.machine
        FROM cw_timers t
        JOIN cw_instances i ON i.id = t.instance_id
       WHERE t.due_at <= ?
         AND (CAST(? AS text[]) IS NULL OR i.machine = ANY (CAST(? AS text[])))
       ORDER BY t.due_at, t.instance_id, t.timer_key, t.entry_id
       LIMIT ?
         FOR NO KEY UPDATE OF t, i SKIP LOCKED
      """;

  private static final String RECORD_FIRES =
      """
      INSERT INTO cw_timer_fires (instance_id, timer_key, entry_id, due_at, swept_at)
      SELECT a.instance_id, a.timer_key, a.entry_id, a.due_at, ?
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bigint[]),
                    CAST(CAST(? AS text[]) AS timestamptz[]))
             AS a(instance_id, timer_key, entry_id, due_at)
          ON CONFLICT DO NOTHING
      RETURNING instance_id, timer_key, entry_id
      """;

  private static final String REMOVE_SWEPT =
      """
      DELETE FROM cw_timers t
       USING unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bigint[]))
             AS a(instance_id, timer_key, entry_id)
       WHERE t.instance_id = a.instance_id AND t.timer_key = a.timer_key
         AND t.entry_id = a.entry_id
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

  public TimerRows(Jdbc jdbc) {
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

  /** Moves up to {@code limit} due timers into their queues; see {@code Store.sweepDueTimers}. */
  public int sweep(Instant now, int limit, Set<String> machines) {
    return jdbc.inTransaction(
        "sweep due timers",
        connection -> {
          List<Due> due = selectDue(connection, now, limit, machines);
          if (due.isEmpty()) {
            return 0;
          }
          Set<List<Object>> recorded = recordFires(connection, due, now);
          List<QueuedEvent> fires = new ArrayList<>(recorded.size());
          for (Due timer : due) {
            if (recorded.contains(timer.key())) {
              Event fire =
                  Event.timerFire(
                      timer.event, new TimerFire(timer.timerKey, timer.entryId, timer.dueExact));
              fires.add(QueuedEvent.of(timer.instanceId, timer.machine, fire, "timer", now));
            }
          }
          QueueRows.enqueueAll(connection, fires);
          removeSwept(connection, due);
          if (!fires.isEmpty()) {
            QueueRows.notifyWorkers(connection);
          }
          return fires.size();
        });
  }

  private record Due(
      String instanceId,
      String timerKey,
      long entryId,
      String event,
      OffsetDateTime dueAt,
      Instant dueExact,
      String machine) {
    List<Object> key() {
      return List.of(instanceId, timerKey, entryId);
    }
  }

  private static List<Due> selectDue(
      Connection connection, Instant now, int limit, Set<String> machines) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(DUE)) {
      select.setObject(1, Instants.notAfter(now));
      if (machines == null) {
        select.setNull(2, Types.ARRAY);
        select.setNull(3, Types.ARRAY);
      } else {
        select.setArray(2, connection.createArrayOf("text", machines.toArray()));
        select.setArray(3, connection.createArrayOf("text", machines.toArray()));
      }
      select.setInt(4, limit);
      List<Due> due = new ArrayList<>();
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          due.add(
              new Due(
                  rs.getString("instance_id"),
                  rs.getString("timer_key"),
                  rs.getLong("entry_id"),
                  rs.getString("event"),
                  rs.getObject("due_at", OffsetDateTime.class),
                  Instant.parse(rs.getString("due_exact")),
                  rs.getString("machine")));
        }
      }
      return due;
    }
  }

  /** Inserts the fire records; returns the keys of those inserted (not already recorded). */
  private static Set<List<Object>> recordFires(Connection connection, List<Due> due, Instant now)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(RECORD_FIRES)) {
      insert.setObject(1, Instants.notAfter(now));
      insert.setArray(2, array(connection, "text", due, Due::instanceId));
      insert.setArray(3, array(connection, "text", due, Due::timerKey));
      insert.setArray(4, array(connection, "int8", due, Due::entryId));
      insert.setArray(5, array(connection, "text", due, d -> d.dueAt().toInstant().toString()));
      Set<List<Object>> recorded = new HashSet<>();
      try (ResultSet rs = insert.executeQuery()) {
        while (rs.next()) {
          recorded.add(List.of(rs.getString(1), rs.getString(2), rs.getLong(3)));
        }
      }
      return recorded;
    }
  }

  private static void removeSwept(Connection connection, List<Due> due) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(REMOVE_SWEPT)) {
      delete.setArray(1, array(connection, "text", due, Due::instanceId));
      delete.setArray(2, array(connection, "text", due, Due::timerKey));
      delete.setArray(3, array(connection, "int8", due, Due::entryId));
      delete.executeUpdate();
    }
  }

  private static java.sql.Array array(
      Connection connection,
      String type,
      List<Due> due,
      java.util.function.Function<Due, Object> column)
      throws SQLException {
    return connection.createArrayOf(type, due.stream().map(column).toArray());
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
