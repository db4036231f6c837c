package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.EventFingerprint;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Appending events to instances' queues without ever waiting for a turn in progress. An enqueue
 * inserts the queue row and, in the same statement, either merges the event into the instance row's
 * head columns — when it can lock the row at once ({@code FOR NO KEY UPDATE SKIP LOCKED}) — or,
 * when a claim or a commit holds the row, leaves a marker in {@code cw_pending_heads} that the next
 * claim merges (see {@link PendingHeads}). Merging keeps the lowest queue id, so concurrent
 * enqueues to one instance leave the true head whatever order they commit in. An event to an
 * unknown instance is refused by the statement's own lookup of the instance row (the queue has no
 * foreign key, V18): a plain read, which no lock held by a claim or a commit blocks.
 */
public final class Enqueues {
  /** One event, the hot path: known instance, queue id, head or marker, queue row, NOTIFY. */
  private static final String ENQUEUE =
      """
      WITH input AS (
             SELECT i.id AS instance_id, nextval('cw_queue_id_seq') AS id,
                    CAST(? AS timestamptz) AS available_at, CAST(? AS smallint) AS priority,
                    CAST(? AS integer) AS attempts
               FROM cw_instances i
              WHERE i.id = ?),
           locked AS (
             SELECT i.id, i.next_event_id
               FROM input JOIN cw_instances i ON i.id = input.instance_id
                FOR NO KEY UPDATE OF i SKIP LOCKED),
           merged AS (
             UPDATE cw_instances i
                SET next_event_id = input.id, next_event_at = input.available_at,
                    next_event_priority = input.priority, next_event_attempts = input.attempts
               FROM input, locked
              WHERE i.id = locked.id
                AND (locked.next_event_id IS NULL OR locked.next_event_id > input.id)),
           marked AS (
             INSERT INTO cw_pending_heads (instance_id, event_id, available_at, priority, attempts)
             SELECT instance_id, id, available_at, priority, attempts
               FROM input
              WHERE NOT EXISTS (SELECT 1 FROM locked)),
           queued AS (
             INSERT INTO cw_queue (instance_id, id, machine, event, source, conversation_id,
                                   attempts, available_at, enqueued_at, errors, priority, headers)
             SELECT instance_id, id, ?, CAST(? AS jsonb), ?, ?, attempts, available_at, ?,
                    CAST(? AS jsonb), priority, CAST(? AS jsonb)
               FROM input
             RETURNING id)
      SELECT id, pg_notify(?, ?) FROM queued
      """;

  /**
   * Any number of events in one statement. Queue ids follow the input order (so events to one
   * instance keep theirs); events to unknown instances are left out; an idempotency key already
   * used for its instance leaves its event out. Rows may be locked — and heads merged — only when
   * {@code try_lock} is true or the row is one of {@code own} (rows the caller's transaction holds
   * or inserted); the others get markers.
   */
  private static final String ENQUEUE_ALL =
      """
      WITH numbered AS MATERIALIZED (
             SELECT u.instance_id, u.machine, CAST(u.event AS jsonb) AS event, u.source,
                    u.conversation_id, u.attempts,
                    CAST(u.available_at AS timestamptz) AS available_at,
                    CAST(u.enqueued_at AS timestamptz) AS enqueued_at,
                    CAST(u.errors AS jsonb) AS errors, u.priority, u.idempotency_key,
                    u.fingerprint, CAST(u.headers AS jsonb) AS headers, u.n,
                    nextval('cw_queue_id_seq') AS id
               FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                           CAST(? AS text[]), CAST(? AS text[]), CAST(? AS int[]),
                           CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                           CAST(? AS smallint[]), CAST(? AS text[]), CAST(? AS text[]),
                           CAST(? AS text[]))
                    WITH ORDINALITY
                    AS u(instance_id, machine, event, source, conversation_id, attempts,
                         available_at, enqueued_at, errors, priority, idempotency_key,
                         fingerprint, headers, n)),
           input AS (
             SELECT * FROM numbered u
              WHERE EXISTS (SELECT 1 FROM cw_instances i WHERE i.id = u.instance_id)),
           keyed AS (
             INSERT INTO cw_idempotency (instance_id, key, event_id, fingerprint, created_at)
             SELECT instance_id, idempotency_key, id, fingerprint, enqueued_at
               FROM input
              WHERE idempotency_key IS NOT NULL
             ON CONFLICT (instance_id, key) DO NOTHING
             RETURNING event_id),
           accepted AS (
             SELECT * FROM input
              WHERE idempotency_key IS NULL OR id IN (SELECT event_id FROM keyed)),
           locked AS (
             SELECT i.id, i.next_event_id
               FROM (SELECT DISTINCT instance_id FROM accepted) AS a
               JOIN cw_instances i ON i.id = a.instance_id
              WHERE CAST(? AS boolean) OR i.id = ANY (CAST(? AS text[]))
                FOR NO KEY UPDATE OF i SKIP LOCKED),
           heads AS (
             SELECT DISTINCT ON (a.instance_id) a.instance_id, a.id, a.available_at, a.priority,
                    a.attempts
               FROM accepted a JOIN locked ON locked.id = a.instance_id
              WHERE locked.next_event_id IS NULL OR locked.next_event_id > a.id
              ORDER BY a.instance_id, a.id),
           merged AS (
             UPDATE cw_instances i
                SET next_event_id = h.id, next_event_at = h.available_at,
                    next_event_priority = h.priority, next_event_attempts = h.attempts
               FROM heads h
              WHERE i.id = h.instance_id),
           marked AS (
             INSERT INTO cw_pending_heads (instance_id, event_id, available_at, priority, attempts)
             SELECT a.instance_id, a.id, a.available_at, a.priority, a.attempts
               FROM accepted a
              WHERE NOT EXISTS (SELECT 1 FROM locked WHERE locked.id = a.instance_id)),
           queued AS (
             INSERT INTO cw_queue (instance_id, id, machine, event, source, conversation_id,
                                   attempts, available_at, enqueued_at, errors, priority,
                                   idempotency_key, headers)
             SELECT instance_id, id, machine, event, source, conversation_id, attempts,
                    available_at, enqueued_at, errors, priority, idempotency_key, headers
               FROM accepted
             RETURNING id)
      SELECT a.n, q.id, CASE WHEN CAST(? AS boolean) THEN pg_notify(?, '') END
        FROM queued q JOIN accepted a ON a.id = q.id
      """;

  /** SQLState of a row that references a row another transaction deleted. */
  private static final String FOREIGN_KEY_VIOLATION = "23503";

  private static final String FIRST_WITH_KEY =
      "SELECT event_id, fingerprint FROM cw_idempotency WHERE instance_id = ? AND key = ?";

  private final Jdbc jdbc;

  public Enqueues(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Enqueues one event (once per idempotency key) and wakes the listening workers; a keyless
   * event's notification carries {@code payload} (the store's {@link WorkSignal#own}).
   */
  public QueuedEvent enqueue(QueuedEvent event, String payload) {
    String what = "enqueue " + event.event().type() + " for '" + event.instanceId() + "'";
    return event.idempotencyKey() == null
        ? jdbc.autoCommit(what, connection -> enqueue(connection, event, payload))
        : jdbc.autoCommit(what + " once", connection -> enqueueOnce(connection, event));
  }

  /** Enqueues one event (no idempotency key) in the caller's transaction, with a NOTIFY. */
  static QueuedEvent enqueue(Connection connection, QueuedEvent event) throws SQLException {
    return enqueue(connection, event, "");
  }

  private static QueuedEvent enqueue(Connection connection, QueuedEvent event, String payload)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(ENQUEUE)) {
      int i = 0;
      insert.setObject(++i, Instants.notBefore(event.availableAt()));
      insert.setInt(++i, event.priority().level());
      insert.setInt(++i, event.attempts());
      insert.setString(++i, event.instanceId());
      insert.setString(++i, event.machine());
      insert.setString(++i, EventJson.writeEvent(event.event()));
      insert.setString(++i, event.source());
      insert.setString(++i, event.conversationId());
      insert.setObject(++i, Instants.notAfter(event.enqueuedAt()));
      insert.setString(++i, EventJson.writeErrors(event.errors()));
      insert.setString(++i, EventJson.writeHeaders(event.headers()));
      insert.setString(++i, QueueRows.CHANNEL);
      insert.setString(++i, payload);
      try (ResultSet rs = insert.executeQuery()) {
        if (!rs.next()) {
          throw new UnknownInstanceException(event.instanceId());
        }
        return event.withId(rs.getLong(1));
      }
    }
  }

  /**
   * One statement queues the event unless its key was used; when nothing was queued, a second one
   * tells a used key (its first event's id, when the event is the same) from an unknown instance.
   * An instance that a purge deletes while the statement runs (it was there when the statement
   * began, gone when the key's row was checked against it) is an unknown instance too.
   */
  private static QueuedEvent enqueueOnce(Connection connection, QueuedEvent event)
      throws SQLException {
    List<QueuedEvent> queued;
    try {
      queued = enqueueAll(connection, List.of(event), true, List.of(), true);
    } catch (SQLException e) {
      if (FOREIGN_KEY_VIOLATION.equals(e.getSQLState())) {
        throw new UnknownInstanceException(event.instanceId());
      }
      throw e;
    }
    if (!queued.isEmpty()) {
      return queued.get(0);
    }
    try (PreparedStatement select = connection.prepareStatement(FIRST_WITH_KEY)) {
      select.setString(1, event.instanceId());
      select.setString(2, event.idempotencyKey());
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          throw new UnknownInstanceException(event.instanceId());
        }
        long first = rs.getLong(1);
        boolean direct = rs.wasNull();
        if (!EventFingerprint.matches(rs.getString(2), event.event())) {
          throw IdempotencyConflictException.otherEvent(event.instanceId(), event.idempotencyKey());
        }
        if (direct) {
          throw new IdempotencyConflictException(
              event.instanceId(),
              event.idempotencyKey(),
              "was used by a direct send of this event, which was applied; there is no queued"
                  + " event to look up");
        }
        return event.withId(first);
      }
    }
  }

  /**
   * Enqueues events in the caller's transaction, in one statement (see {@link #enqueueAll(Pipeline,
   * List, boolean, Collection, boolean, Consumer)}).
   *
   * @return the events queued, with their ids
   */
  static List<QueuedEvent> enqueueAll(
      Connection connection,
      List<QueuedEvent> events,
      boolean tryLock,
      Collection<String> own,
      boolean notify)
      throws SQLException {
    List<QueuedEvent> queued = new ArrayList<>(events.size());
    Pipeline pipeline = new Pipeline();
    enqueueAll(pipeline, events, tryLock, own, notify, queued::addAll);
    pipeline.run(connection);
    return queued;
  }

  /**
   * Adds the statement that enqueues {@code events} to a pipeline.
   *
   * @param tryLock whether rows other than {@code own} may be locked (without waiting) to merge
   *     their heads; when false they always get markers
   * @param own instance rows the caller's transaction holds or inserted: their heads are merged
   * @param notify whether to wake the listening workers when the transaction commits
   * @param queued told the events queued, with their ids, in input order (events to unknown
   *     instances and events whose idempotency key was used already are not among them)
   */
  static void enqueueAll(
      Pipeline pipeline,
      List<QueuedEvent> events,
      boolean tryLock,
      Collection<String> own,
      boolean notify,
      Consumer<List<QueuedEvent>> queued) {
    if (events.isEmpty()) {
      queued.accept(List.of());
      return;
    }
    pipeline.add(
        ENQUEUE_ALL,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, events, QueuedEvent::instanceId));
          insert.setArray(++i, Columns.text(connection, events, QueuedEvent::machine));
          insert.setArray(
              ++i, Columns.text(connection, events, e -> EventJson.writeEvent(e.event())));
          insert.setArray(++i, Columns.text(connection, events, QueuedEvent::source));
          insert.setArray(++i, Columns.text(connection, events, QueuedEvent::conversationId));
          insert.setArray(++i, Columns.int4(connection, events, QueuedEvent::attempts));
          insert.setArray(
              ++i, Columns.text(connection, events, e -> Instants.textNotBefore(e.availableAt())));
          insert.setArray(
              ++i, Columns.text(connection, events, e -> Instants.textNotAfter(e.enqueuedAt())));
          insert.setArray(
              ++i, Columns.text(connection, events, e -> EventJson.writeErrors(e.errors())));
          insert.setArray(++i, Columns.int4(connection, events, e -> e.priority().level()));
          insert.setArray(++i, Columns.text(connection, events, QueuedEvent::idempotencyKey));
          insert.setArray(
              ++i,
              Columns.text(
                  connection,
                  events,
                  e -> e.idempotencyKey() == null ? null : EventFingerprint.of(e.event())));
          insert.setArray(
              ++i, Columns.text(connection, events, e -> EventJson.writeHeaders(e.headers())));
          insert.setBoolean(++i, tryLock);
          insert.setArray(++i, Columns.texts(connection, own));
          insert.setBoolean(++i, notify);
          insert.setString(++i, QueueRows.CHANNEL);
          return i;
        },
        rows -> {
          TreeMap<Integer, Long> ids = new TreeMap<>();
          while (rows.next()) {
            ids.put(rows.getInt(1), rows.getLong(2));
          }
          List<QueuedEvent> stored = new ArrayList<>(ids.size());
          ids.forEach((n, id) -> stored.add(events.get(n - 1).withId(id)));
          queued.accept(stored);
        });
  }
}
