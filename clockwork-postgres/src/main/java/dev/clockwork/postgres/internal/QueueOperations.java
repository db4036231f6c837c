package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.runtime.store.QueueStats;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Operators' work on the queues: status, pause and resume, dead letters, purges. */
public final class QueueOperations {
  private static final String STATS =
      """
      SELECT (SELECT count(*) FROM cw_queue WHERE machine = ?) AS pending,
             (SELECT min(enqueued_at) FROM cw_queue WHERE machine = ?) AS oldest,
             (SELECT count(*) FROM cw_leases WHERE machine = ? AND expires_at > ?) AS processing,
             (SELECT count(*) FROM cw_dead_letters WHERE machine = ?) AS dead,
             (SELECT coalesce(bool_or(paused), false) FROM cw_machine_queues WHERE machine = ?)
               AS paused
      """;

  private static final String SET_PAUSED =
      """
      INSERT INTO cw_machine_queues (machine, paused, paused_at) VALUES (?, ?, ?)
      ON CONFLICT (machine) DO UPDATE SET paused = EXCLUDED.paused, paused_at = EXCLUDED.paused_at
      """;

  private static final String IS_PAUSED =
      "SELECT coalesce(bool_or(paused), false) FROM cw_machine_queues WHERE machine = ?";

  private static final String NOTIFY = "SELECT pg_notify(?, '')";

  private static final String COLUMNS =
      """
      id, instance_id, queue_id, machine, event, source, conversation_id,
      attempts, available_at, enqueued_at, errors, dead_at, priority, NULL AS idempotency_key,
      NULL AS headers
      """;

  private static final String DEAD_LETTER =
      "SELECT " + COLUMNS + " FROM cw_dead_letters WHERE id = ?";

  private static final String DEAD_LETTERS_OF =
      "SELECT "
          + COLUMNS
          + " FROM cw_dead_letters WHERE (CAST(? AS text) IS NULL OR machine = ?) AND id > ?";

  private static final String TAKE_DEAD_LETTER =
      "DELETE FROM cw_dead_letters WHERE id = ? RETURNING " + COLUMNS;

  /** Purges the records of retried dead letters too (a data-modifying WITH always runs). */
  private static final String PURGE_DEAD_LETTERS =
      """
      WITH retried AS (
             DELETE FROM cw_retried_dead_letters
              WHERE (CAST(? AS text) IS NULL OR machine = ?)
                AND (CAST(? AS timestamptz) IS NULL OR available_at < ?))
      DELETE FROM cw_dead_letters
       WHERE (CAST(? AS text) IS NULL OR machine = ?)
         AND (CAST(? AS timestamptz) IS NULL OR dead_at < ?)
      """;

  private static final String RECORD_RETRY =
      """
      INSERT INTO cw_retried_dead_letters (id, event_id, instance_id, machine, dead_at,
                                           available_at)
      VALUES (?, ?, ?, ?, ?, ?)
      """;

  private static final String RETRIED =
      """
      SELECT id, event_id, instance_id, machine, dead_at, available_at
        FROM cw_retried_dead_letters
       WHERE id = ?
      """;

  private static final String QUEUED_OF =
      """
      SELECT instance_id, id, machine, event, source, conversation_id, attempts, available_at,
             enqueued_at, errors, priority, idempotency_key, headers
        FROM cw_queue
       WHERE machine = ?
       ORDER BY priority, enqueued_at, id
       LIMIT ?
      """;

  /** The instances of a machine's queued events, locked (waiting for turns in progress). */
  private static final String LOCK_QUEUED =
      """
      SELECT id FROM cw_instances
       WHERE id IN (SELECT DISTINCT instance_id FROM cw_queue
                     WHERE machine = ?
                       AND (CAST(? AS timestamptz) IS NULL OR enqueued_at < ?))
       ORDER BY id
         FOR NO KEY UPDATE
      """;

  /**
   * Of the locked instances, those no valid lease holds: read once the locks are held (a statement
   * of its own, so a snapshot taken then), when nobody can lease them until the transaction ends.
   */
  private static final String UNLEASED =
      """
      SELECT l.id
        FROM unnest(CAST(? AS text[])) AS l(id)
       WHERE NOT EXISTS (SELECT 1 FROM cw_leases a WHERE a.instance_id = l.id AND a.expires_at > ?)
      """;

  private static final String PURGE_PENDING =
      """
      DELETE FROM cw_queue
       WHERE instance_id = ANY (CAST(? AS text[])) AND machine = ?
         AND (CAST(? AS timestamptz) IS NULL OR enqueued_at < ?)
      """;

  private final Jdbc jdbc;

  public QueueOperations(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public QueueStats stats(String machine, Instant now) {
    return jdbc.autoCommit(
        "read the queue status of " + machine,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(STATS)) {
            select.setString(1, machine);
            select.setString(2, machine);
            select.setString(3, machine);
            select.setObject(4, Instants.notAfter(now));
            select.setString(5, machine);
            select.setString(6, machine);
            try (ResultSet rs = select.executeQuery()) {
              rs.next();
              return new QueueStats(
                  machine,
                  rs.getLong("pending"),
                  rs.getLong("processing"),
                  rs.getLong("dead"),
                  rs.getBoolean("paused"),
                  Instants.read(rs, "oldest"));
            }
          }
        });
  }

  public void setPaused(String machine, boolean paused, Instant at) {
    jdbc.inTransaction(
        (paused ? "pause" : "resume") + " the " + machine + " queue",
        connection -> {
          try (PreparedStatement upsert = connection.prepareStatement(SET_PAUSED)) {
            upsert.setString(1, machine);
            upsert.setBoolean(2, paused);
            upsert.setObject(
                3, at == null ? null : Instants.notAfter(at), Types.TIMESTAMP_WITH_TIMEZONE);
            upsert.executeUpdate();
          }
          if (!paused) {
            try (PreparedStatement notify = connection.prepareStatement(NOTIFY)) {
              notify.setString(1, QueueRows.CHANNEL);
              notify.executeQuery().close();
            }
          }
          return null;
        });
  }

  public boolean isPaused(String machine) {
    return jdbc.autoCommit(
        "read whether " + machine + " is paused",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(IS_PAUSED)) {
            select.setString(1, machine);
            try (ResultSet rs = select.executeQuery()) {
              rs.next();
              return rs.getBoolean(1);
            }
          }
        });
  }

  public Optional<DeadLetter> deadLetter(long id) {
    return jdbc.autoCommit(
        "read dead letter " + id,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(DEAD_LETTER)) {
            select.setLong(1, id);
            try (ResultSet rs = select.executeQuery()) {
              return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
          }
        });
  }

  public List<DeadLetter> deadLetters(String machine, String namespace, long afterId, int limit) {
    return jdbc.autoCommit(
        "list the dead letters",
        connection -> {
          String sql =
              DEAD_LETTERS_OF
                  + NamespaceFilter.and("instance_id", namespace)
                  + "\n ORDER BY id LIMIT ?";
          try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, machine);
            select.setString(2, machine);
            select.setLong(3, afterId);
            int i = NamespaceFilter.bind(select, 3, namespace);
            select.setInt(++i, limit);
            List<DeadLetter> letters = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                letters.add(read(rs));
              }
            }
            return letters;
          }
        });
  }

  public Optional<QueuedEvent> retry(long id, Instant availableAt) {
    return jdbc.inTransaction(
        "retry dead letter " + id,
        connection -> {
          DeadLetter dead;
          try (PreparedStatement take = connection.prepareStatement(TAKE_DEAD_LETTER)) {
            take.setLong(1, id);
            try (ResultSet rs = take.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              dead = read(rs);
            }
          }
          QueuedEvent old = dead.event();
          QueuedEvent again =
              new QueuedEvent(
                  0,
                  old.instanceId(),
                  old.machine(),
                  old.event(),
                  old.source(),
                  old.conversationId(),
                  0,
                  availableAt,
                  availableAt,
                  old.errors(),
                  old.priority(),
                  null);
          QueuedEvent queued = Enqueues.enqueue(connection, again);
          try (PreparedStatement record = connection.prepareStatement(RECORD_RETRY)) {
            record.setLong(1, dead.id());
            record.setLong(2, queued.id());
            record.setString(3, queued.instanceId());
            record.setString(4, queued.machine());
            record.setObject(5, Instants.notAfter(dead.deadAt()));
            record.setObject(6, Instants.notAfter(queued.availableAt()));
            record.executeUpdate();
          }
          return Optional.of(queued);
        });
  }

  public Optional<RetriedDeadLetter> retried(long id) {
    return jdbc.autoCommit(
        "read retried dead letter " + id,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(RETRIED)) {
            select.setLong(1, id);
            try (ResultSet rs = select.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              return Optional.of(
                  new RetriedDeadLetter(
                      rs.getLong("id"),
                      rs.getLong("event_id"),
                      rs.getString("instance_id"),
                      rs.getString("machine"),
                      Instants.read(rs, "dead_at"),
                      Instants.read(rs, "available_at")));
            }
          }
        });
  }

  public int purgeDeadLetters(String machine, Instant olderThan) {
    return jdbc.autoCommit(
        "purge dead letters",
        connection -> {
          try (PreparedStatement delete = connection.prepareStatement(PURGE_DEAD_LETTERS)) {
            Object cutoff = olderThan == null ? null : Instants.notAfter(olderThan);
            for (int i = 0; i < 8; i += 4) {
              delete.setString(i + 1, machine);
              delete.setString(i + 2, machine);
              delete.setObject(i + 3, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
              delete.setObject(i + 4, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
            }
            return delete.executeUpdate();
          }
        });
  }

  /**
   * Deletes a machine's pending events, except those of instances a valid lease holds: locks the
   * instances (waiting for turns in progress), deletes, and recomputes their heads.
   */
  public int purgePending(String machine, Instant olderThan, Instant now) {
    return jdbc.inTransaction(
        "purge pending events of " + machine,
        connection -> {
          Object cutoff = olderThan == null ? null : Instants.notAfter(olderThan);
          List<String> queued = new ArrayList<>();
          try (PreparedStatement lock = connection.prepareStatement(LOCK_QUEUED)) {
            lock.setString(1, machine);
            lock.setObject(2, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
            lock.setObject(3, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
            try (ResultSet rs = lock.executeQuery()) {
              while (rs.next()) {
                queued.add(rs.getString(1));
              }
            }
          }
          if (queued.isEmpty()) {
            return 0;
          }
          List<String> locked = new ArrayList<>();
          try (PreparedStatement unleased = connection.prepareStatement(UNLEASED)) {
            unleased.setArray(1, Columns.texts(connection, queued));
            unleased.setObject(2, Instants.notAfter(now));
            try (ResultSet rs = unleased.executeQuery()) {
              while (rs.next()) {
                locked.add(rs.getString(1));
              }
            }
          }
          if (locked.isEmpty()) {
            return 0;
          }
          int purged;
          try (PreparedStatement delete = connection.prepareStatement(PURGE_PENDING)) {
            delete.setArray(1, Columns.texts(connection, locked));
            delete.setString(2, machine);
            delete.setObject(3, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
            delete.setObject(4, cutoff, Types.TIMESTAMP_WITH_TIMEZONE);
            purged = delete.executeUpdate();
          }
          Pipeline recompute = new Pipeline();
          PendingHeads.recompute(recompute, locked);
          recompute.run(connection);
          return purged;
        });
  }

  public List<QueuedEvent> queued(String machine, int limit) {
    return jdbc.autoCommit(
        "list the queued events of " + machine,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(QUEUED_OF)) {
            select.setString(1, machine);
            select.setInt(2, limit);
            List<QueuedEvent> events = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                events.add(QueueRows.queued(rs, "id"));
              }
            }
            return events;
          }
        });
  }

  private static DeadLetter read(ResultSet rs) throws SQLException {
    return new DeadLetter(
        rs.getLong("id"), QueueRows.queued(rs, "queue_id"), Instants.read(rs, "dead_at"));
  }
}
