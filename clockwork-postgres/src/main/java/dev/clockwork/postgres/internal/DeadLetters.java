package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.List;

/**
 * Events that failed for good, moved by commits into {@code cw_dead_letters} (a timer fire's dead
 * letter has queue id 0: it never was a queue row). Operators read, retry and purge them through
 * {@link QueueOperations}.
 */
final class DeadLetters {
  private static final String INSERT =
      """
      INSERT INTO cw_dead_letters (instance_id, queue_id, machine, event, source, conversation_id,
                                   attempts, available_at, enqueued_at, errors, dead_at, priority)
      SELECT u.instance_id, u.queue_id, u.machine, CAST(u.event AS jsonb), u.source,
             u.conversation_id, u.attempts, CAST(u.available_at AS timestamptz),
             CAST(u.enqueued_at AS timestamptz), CAST(u.errors AS jsonb),
             CAST(u.dead_at AS timestamptz), u.priority
        FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS int[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS smallint[]))
             AS u(instance_id, queue_id, machine, event, source, conversation_id, attempts,
                  available_at, enqueued_at, errors, dead_at, priority)
      """;

  private DeadLetters() {}

  /**
   * Inserts events that failed for good, in list order, in one statement; each died at the time of
   * its last error. Their queue rows are the caller's to delete.
   */
  static void insert(Pipeline pipeline, List<QueuedEvent> dead) {
    if (dead.isEmpty()) {
      return;
    }
    pipeline.add(
        INSERT,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, dead, QueuedEvent::instanceId));
          insert.setArray(++i, Columns.int8(connection, dead, QueuedEvent::id));
          insert.setArray(++i, Columns.text(connection, dead, QueuedEvent::machine));
          insert.setArray(
              ++i, Columns.text(connection, dead, e -> EventJson.writeEvent(e.event())));
          insert.setArray(++i, Columns.text(connection, dead, QueuedEvent::source));
          insert.setArray(++i, Columns.text(connection, dead, QueuedEvent::conversationId));
          insert.setArray(++i, Columns.int4(connection, dead, QueuedEvent::attempts));
          insert.setArray(
              ++i, Columns.text(connection, dead, e -> Instants.textNotBefore(e.availableAt())));
          insert.setArray(
              ++i, Columns.text(connection, dead, e -> Instants.textNotAfter(e.enqueuedAt())));
          insert.setArray(
              ++i, Columns.text(connection, dead, e -> EventJson.writeErrors(e.errors())));
          insert.setArray(
              ++i,
              Columns.text(
                  connection,
                  dead,
                  e -> Instants.textNotAfter(e.lastError().map(AttemptError::at).orElseThrow())));
          insert.setArray(++i, Columns.int4(connection, dead, e -> e.priority().level()));
          return i;
        });
  }
}
