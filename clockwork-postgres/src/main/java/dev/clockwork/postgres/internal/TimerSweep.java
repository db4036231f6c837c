package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.sql.Array;
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
import java.util.Set;
import java.util.function.Function;

/**
 * The timer sweep, in one transaction: lock due timers (skipping those another sweep or a commit
 * holds), record their fires (a fire already recorded is not enqueued again), enqueue a fire event
 * for each fire recorded now, and remove the swept timers from the index.
 */
public final class TimerSweep {
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

  private final Jdbc jdbc;

  public TimerSweep(Jdbc jdbc) {
    this.jdbc = jdbc;
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

  private static Array array(
      Connection connection, String type, List<Due> due, Function<Due, Object> column)
      throws SQLException {
    return connection.createArrayOf(type, due.stream().map(column).toArray());
  }
}
