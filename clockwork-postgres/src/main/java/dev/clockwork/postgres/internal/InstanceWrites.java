package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.FireRetryJson;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntConsumer;

/**
 * Commits' writes to {@code cw_instances}: new instances, and instances after their turns with the
 * lease given up and the head of the queue recomputed. An instance's queue and metadata are written
 * when it is inserted and never updated. One statement each, whatever the number of rows. Both
 * write when the instance's timers fall due ({@code next_timer_at}) and the timer fire waiting for
 * a retry, from which the row works out when its work is due ({@code next_due_at}).
 */
final class InstanceWrites {
  private static final String INSERT =
      """
      INSERT INTO cw_instances (id, machine, version, conversation_id, queue, labels, memo,
                                search_attributes, status, active, context, timers,
                                last_entry_id, revision, history_seq, history_states,
                                created_at, updated_at, next_timer_at, fire_retry, fire_retry_at)
      SELECT u.id, u.machine, u.version, u.conversation_id, u.queue, CAST(u.labels AS jsonb),
             CAST(u.memo AS jsonb), CAST(u.search_attributes AS jsonb), u.status,
             CAST(u.active AS jsonb), CAST(u.context AS jsonb), CAST(u.timers AS jsonb),
             u.last_entry_id, u.revision, u.history_seq, CAST(u.history_states AS jsonb),
             CAST(u.created_at AS timestamptz), CAST(u.updated_at AS timestamptz),
             CAST(u.next_timer_at AS timestamptz), CAST(u.fire_retry AS jsonb),
             CAST(u.fire_retry_at AS timestamptz)
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS int[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS bigint[]), CAST(? AS bigint[]), CAST(? AS bigint[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]))
             AS u(id, machine, version, conversation_id, queue, labels, memo, search_attributes,
                  status, active, context, timers, last_entry_id, revision, history_seq,
                  history_states, created_at, updated_at, next_timer_at, fire_retry,
                  fire_retry_at)
      ON CONFLICT (id) DO NOTHING
      RETURNING id
      """;

  /**
   * Writes each instance under its lease token (the lease's row in {@code cw_leases}, deleted with
   * that token: a row whose lease is gone or was taken over is not written), recomputes the head
   * from the queue (the rows were locked by an earlier statement, so every event queued before is
   * seen) and drops its pending-head markers in the same snapshot; then notifies the listening
   * workers, once, when asked to or when a released instance has work due.
   */
  static final String UPDATE =
      """
      WITH input AS (
             SELECT u.id, u.token, u.version, u.status, CAST(u.active AS jsonb) AS active,
                    CAST(u.context AS jsonb) AS context, CAST(u.timers AS jsonb) AS timers,
                    u.last_entry_id, u.revision, u.history_seq,
                    CAST(u.history_states AS jsonb) AS history_states,
                    CAST(u.updated_at AS timestamptz) AS updated_at,
                    CAST(u.next_timer_at AS timestamptz) AS next_timer_at,
                    CAST(u.fire_retry AS jsonb) AS fire_retry,
                    CAST(u.fire_retry_at AS timestamptz) AS fire_retry_at
               FROM unnest(CAST(? AS text[]), CAST(? AS uuid[]), CAST(? AS int[]),
                           CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                           CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS bigint[]),
                           CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS text[]),
                           CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
                    AS u(id, token, version, status, active, context, timers, last_entry_id,
                         revision, history_seq, history_states, updated_at, next_timer_at,
                         fire_retry, fire_retry_at)),
           cleared AS (
             DELETE FROM cw_pending_heads WHERE instance_id = ANY (ARRAY(SELECT id FROM input))),
           released AS (
             DELETE FROM cw_leases
              WHERE instance_id = ANY (ARRAY(SELECT id FROM input))
                AND token = ANY (ARRAY(SELECT token FROM input))
             RETURNING instance_id),
           written AS (
             UPDATE cw_instances i
                SET version = u.version, status = u.status, active = u.active,
                    context = u.context, timers = u.timers, last_entry_id = u.last_entry_id,
                    revision = u.revision, history_seq = u.history_seq,
                    history_states = u.history_states, updated_at = u.updated_at,
                    next_timer_at = u.next_timer_at, fire_retry = u.fire_retry,
                    fire_retry_at = u.fire_retry_at,
                    (next_event_at, next_event_id, next_event_priority, next_event_attempts) =
                      (SELECT q.available_at, q.id, q.priority, q.attempts
                         FROM cw_queue q
                        WHERE q.instance_id = i.id
                        ORDER BY q.id
                        LIMIT 1)
               FROM input u
              WHERE i.id = u.id AND i.id IN (SELECT instance_id FROM released)
             RETURNING i.next_due_at)
      SELECT count(*),
             CASE WHEN CAST(? AS boolean) OR bool_or(next_due_at IS NOT NULL)
                  THEN pg_notify(?, '') END
        FROM written
      """;

  private InstanceWrites() {}

  /** Inserts new instances; returns the ids that were taken already (not inserted). */
  static Set<String> insert(Connection connection, List<InstanceRecord> records)
      throws SQLException {
    if (records.isEmpty()) {
      return Set.of();
    }
    Set<String> taken = new HashSet<>();
    records.forEach(r -> taken.add(r.id()));
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      int i = 0;
      insert.setArray(++i, Columns.text(connection, records, InstanceRecord::id));
      insert.setArray(++i, Columns.text(connection, records, InstanceRecord::machine));
      insert.setArray(++i, Columns.int4(connection, records, InstanceRecord::version));
      insert.setArray(++i, Columns.text(connection, records, InstanceRecord::conversationId));
      i = bindMetadata(connection, insert, i, records);
      i = bindSnapshot(connection, insert, i, records);
      insert.setArray(
          ++i, Columns.text(connection, records, r -> Instants.textNotAfter(r.createdAt())));
      insert.setArray(
          ++i, Columns.text(connection, records, r -> Instants.textNotAfter(r.updatedAt())));
      bindDue(connection, insert, i, records);
      try (ResultSet rs = insert.executeQuery()) {
        while (rs.next()) {
          taken.remove(rs.getString(1));
        }
      }
    }
    return taken;
  }

  /**
   * Adds the statement that writes instances after their turns and releases their leases (one
   * record per instance, each with the token of the lease it was written under).
   *
   * @param wake notify the listening workers whatever the instances' work
   * @param written told how many rows were written (fewer than given when a token no longer
   *     matched)
   */
  static void update(
      Pipeline pipeline,
      List<InstanceRecord> records,
      List<UUID> tokens,
      boolean wake,
      IntConsumer written) {
    pipeline.add(
        UPDATE,
        (connection, update, i) -> {
          update.setArray(++i, Columns.text(connection, records, InstanceRecord::id));
          update.setArray(++i, connection.createArrayOf("uuid", tokens.toArray()));
          update.setArray(++i, Columns.int4(connection, records, InstanceRecord::version));
          i = bindSnapshot(connection, update, i, records);
          update.setArray(
              ++i, Columns.text(connection, records, r -> Instants.textNotAfter(r.updatedAt())));
          i = bindDue(connection, update, i, records);
          update.setBoolean(++i, wake);
          update.setString(++i, QueueRows.CHANNEL);
          return i;
        },
        rows -> {
          rows.next();
          written.accept(rows.getInt(1));
        });
  }

  /** Queue, labels, memo, search attributes: written once, with the new instance. */
  private static int bindMetadata(
      Connection connection, PreparedStatement statement, int i, List<InstanceRecord> records)
      throws SQLException {
    statement.setArray(++i, Columns.text(connection, records, r -> r.metadata().queue()));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> JsonValuesCodec.write(r.metadata().labels())));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> JsonValuesCodec.write(r.metadata().memo())));
    statement.setArray(
        ++i,
        Columns.text(
            connection, records, r -> JsonValuesCodec.write(r.metadata().searchAttributes())));
    return i;
  }

  /**
   * Status, active states, context, timers, last entry id, revision, history sequence, and what the
   * history states recorded.
   */
  private static int bindSnapshot(
      Connection connection, PreparedStatement statement, int i, List<InstanceRecord> records)
      throws SQLException {
    statement.setArray(++i, Columns.text(connection, records, r -> r.status().name()));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> SnapshotJson.writeActive(r.active())));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> JsonValuesCodec.write(r.context())));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> SnapshotJson.writeTimers(r.timers())));
    statement.setArray(++i, Columns.int8(connection, records, InstanceRecord::lastEntryId));
    statement.setArray(++i, Columns.int8(connection, records, InstanceRecord::revision));
    statement.setArray(++i, Columns.int8(connection, records, InstanceRecord::historySequence));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> SnapshotJson.writeHistory(r.history())));
    return i;
  }

  /** The earliest timer, the fire waiting for a retry, and its retry instant (rounded up). */
  private static int bindDue(
      Connection connection, PreparedStatement statement, int i, List<InstanceRecord> records)
      throws SQLException {
    statement.setArray(
        ++i,
        Columns.text(
            connection, records, r -> Instants.textNotBefore(r.nextTimerAt().orElse(null))));
    statement.setArray(
        ++i, Columns.text(connection, records, r -> FireRetryJson.write(r.fireRetry())));
    statement.setArray(++i, Columns.text(connection, records, InstanceWrites::retryAt));
    return i;
  }

  private static String retryAt(InstanceRecord record) {
    Instant at = record.fireRetry() == null ? null : record.fireRetry().retryAt();
    return Instants.textNotBefore(at);
  }

  /** True when a new instance has work due at some point (an armed timer or a retry). */
  static boolean hasDueWork(InstanceRecord record) {
    return record.fireRetry() != null || record.nextTimerAt().isPresent();
  }
}
