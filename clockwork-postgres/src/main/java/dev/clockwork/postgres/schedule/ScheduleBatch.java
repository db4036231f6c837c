package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Writes many {@link ScheduleCommit}s of distinct schedules in one transaction and two round trips
 * (two statements sent together, then COMMIT): the rows locked in key order (so two batches never
 * deadlock), then one {@code UPDATE … FROM unnest(…)} in which each row names its own expected
 * revision, with the audit events of the rows it wrote numbered from their sequences; a row whose
 * revision moved is not written and its events are not appended. Commits that also record skipped
 * occurrences or change a buffer follow one by one in the same transaction ({@link
 * ScheduleCommits#write}).
 */
final class ScheduleBatch {
  /** The batch's rows, locked in key order. */
  static final String LOCK =
      """
      SELECT 1 FROM cw_schedules s
        JOIN unnest(?::text[], ?::text[]) AS k(namespace, schedule_id)
          ON s.namespace = k.namespace AND s.schedule_id = k.schedule_id
       ORDER BY s.namespace, s.schedule_id
         FOR NO KEY UPDATE OF s""";

  /** Every audit-only commit: the revision-checked updates and their audit events. */
  static final String UPDATE_AND_APPEND =
      """
      WITH v AS (
        SELECT * FROM unnest(?::int[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[],
                             ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::bigint[],
                             ?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
                             ?::text[], ?::bigint[], ?::int[], ?::text[], ?::text[], ?::text[],
                             ?::bigint[], ?::int[], ?::boolean[])
          AS v(k, namespace, schedule_id, expected, settings, status,
               next_fire_at, next_fire_exact, next_occurrence, last_fired_at, latest_instance_id,
               fires_count, remaining_actions, paused_reason, paused_at, delete_reason,
               deleted_at, last_skip_reason, last_skipped_at, skipped_trigger_count,
               buffered_count, pending, updated_at, checked_at, revision, audit_count, release)),
      updated AS (
        UPDATE cw_schedules s
           SET (settings, status, next_fire_at, next_fire_exact, next_occurrence, last_fired_at,
                latest_instance_id, fires_count, remaining_actions, paused_reason, paused_at,
                delete_reason, deleted_at, last_skip_reason, last_skipped_at,
                skipped_trigger_count, buffered_count, pending, updated_at, checked_at, revision)
             = (v.settings::json, v.status, v.next_fire_at::timestamptz, v.next_fire_exact,
                v.next_occurrence, v.last_fired_at::timestamptz, v.latest_instance_id,
                v.fires_count, v.remaining_actions, v.paused_reason, v.paused_at::timestamptz,
                v.delete_reason, v.deleted_at::timestamptz, v.last_skip_reason,
                v.last_skipped_at::timestamptz, v.skipped_trigger_count, v.buffered_count,
                v.pending::json, v.updated_at::timestamptz, v.checked_at::timestamptz,
                v.revision),
               last_event_seq = s.last_event_seq + v.audit_count,
               claimed_by     = CASE WHEN v.release THEN NULL ELSE s.claimed_by END,
               claimed_until  = CASE WHEN v.release THEN NULL ELSE s.claimed_until END
          FROM v
         WHERE s.namespace = v.namespace AND s.schedule_id = v.schedule_id
           AND s.revision = v.expected
        RETURNING v.k, s.namespace, s.schedule_id, s.last_event_seq, v.audit_count),
      appended AS (
        INSERT INTO cw_schedule_events
          (namespace, schedule_id, sequence, event_type, recorded_at, instance_id, payload)
        SELECT u.namespace, u.schedule_id, u.last_event_seq - u.audit_count + e.n, e.event_type,
               e.recorded_at::timestamptz, e.instance_id, e.payload::json
          FROM updated u
          JOIN unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::text[])
            AS e(k, n, event_type, recorded_at, instance_id, payload)
            ON e.k = u.k)
      SELECT k FROM updated""";

  private ScheduleBatch() {}

  /**
   * Writes {@code commits} inside the caller's transaction.
   *
   * @return per commit, in order, whether it was written
   */
  static List<Boolean> write(Connection connection, List<ScheduleCommit> commits)
      throws SQLException {
    Boolean[] won = new Boolean[commits.size()];
    List<Integer> bulk = new ArrayList<>(commits.size());
    for (int k = 0; k < commits.size(); k++) {
      if (ScheduleCommits.appendsAuditOnly(commits.get(k))) {
        bulk.add(k);
        won[k] = false;
      }
    }
    if (bulk.isEmpty()) {
      lock(connection, commits);
    } else {
      for (int k : lockUpdateAndAppend(connection, commits, bulk)) {
        won[k] = true;
      }
    }
    for (int k = 0; k < commits.size(); k++) {
      if (won[k] == null) {
        won[k] = ScheduleCommits.write(connection, commits.get(k));
      }
    }
    return List.of(won);
  }

  private static void lock(Connection connection, List<ScheduleCommit> commits)
      throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement(LOCK)) {
      bindLock(connection, lock, commits);
      lock.executeQuery().close();
    }
  }

  /** Binds {@link #LOCK}'s parameters; returns the next parameter index. */
  private static int bindLock(
      Connection connection, PreparedStatement statement, List<ScheduleCommit> commits)
      throws SQLException {
    statement.setArray(1, texts(connection, commits, c -> c.next().namespace()));
    statement.setArray(2, texts(connection, commits, c -> c.next().scheduleId()));
    return 3;
  }

  /**
   * Locks every row of the batch, then writes the bulk commits, in one round trip; returns the
   * indexes (into {@code commits}) of the bulk commits that were written.
   */
  private static List<Integer> lockUpdateAndAppend(
      Connection connection, List<ScheduleCommit> commits, List<Integer> bulk) throws SQLException {
    List<ScheduleCommit> rows = new ArrayList<>(bulk.size());
    bulk.forEach(k -> rows.add(commits.get(k)));
    try (PreparedStatement write = connection.prepareStatement(LOCK + ";\n" + UPDATE_AND_APPEND)) {
      int i = bindLock(connection, write, commits);
      write.setArray(i++, connection.createArrayOf("integer", bulk.toArray(Integer[]::new)));
      write.setArray(i++, texts(connection, rows, c -> c.next().namespace()));
      write.setArray(i++, texts(connection, rows, c -> c.next().scheduleId()));
      write.setArray(i++, int8(connection, rows, ScheduleCommit::expectedRevision));
      write.setArray(i++, texts(connection, rows, c -> SettingsJson.write(c.next().settings())));
      write.setArray(i++, texts(connection, rows, c -> c.next().status().wireName()));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotBefore(r(c).nextFireAt())));
      write.setArray(i++, texts(connection, rows, c -> text(r(c).nextFireAt())));
      write.setArray(i++, texts(connection, rows, c -> text(r(c).nextOccurrenceAt())));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).lastFiredAt())));
      write.setArray(i++, texts(connection, rows, c -> r(c).latestInstanceId()));
      write.setArray(i++, int8(connection, rows, c -> r(c).firesCount()));
      write.setArray(i++, int4(connection, rows, c -> r(c).remainingActions()));
      write.setArray(i++, texts(connection, rows, c -> r(c).pausedReason()));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).pausedAt())));
      write.setArray(i++, texts(connection, rows, c -> r(c).deleteReason()));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).deletedAt())));
      write.setArray(i++, texts(connection, rows, c -> r(c).lastSkipReason()));
      write.setArray(
          i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).lastSkippedAt())));
      write.setArray(i++, int8(connection, rows, c -> r(c).skippedTriggerCount()));
      write.setArray(i++, int4(connection, rows, c -> r(c).bufferedCount()));
      write.setArray(i++, texts(connection, rows, c -> PendingJson.write(r(c).pending())));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).updatedAt())));
      write.setArray(i++, texts(connection, rows, c -> Instants.textNotAfter(r(c).checkedAt())));
      write.setArray(i++, int8(connection, rows, c -> r(c).revision()));
      write.setArray(i++, int4(connection, rows, c -> c.audit().size()));
      write.setArray(i++, connection.createArrayOf("boolean", bools(rows)));
      bindEvents(connection, write, i, commits, bulk);
      write.execute(); // first the lock's rows, unread
      write.getMoreResults();
      List<Integer> written = new ArrayList<>(bulk.size());
      try (ResultSet rs = write.getResultSet()) {
        while (rs.next()) {
          written.add(rs.getInt(1));
        }
      }
      return written;
    }
  }

  /** The audit events of the bulk commits, flattened: commit index, number within, columns. */
  private static void bindEvents(
      Connection connection,
      PreparedStatement write,
      int first,
      List<ScheduleCommit> commits,
      List<Integer> bulk)
      throws SQLException {
    List<Integer> ks = new ArrayList<>();
    List<Integer> ns = new ArrayList<>();
    List<String> types = new ArrayList<>();
    List<String> recordedAt = new ArrayList<>();
    List<String> instanceIds = new ArrayList<>();
    List<String> payloads = new ArrayList<>();
    for (int k : bulk) {
      List<ScheduleAuditEvent> audit = commits.get(k).audit();
      for (int e = 0; e < audit.size(); e++) {
        ScheduleAuditEvent event = audit.get(e);
        ks.add(k);
        ns.add(e + 1);
        types.add(event.type().name());
        recordedAt.add(Instants.textNotAfter(event.recordedAt()));
        instanceIds.add(event.instanceId());
        payloads.add(JsonValuesCodec.write(event.payload()));
      }
    }
    int i = first;
    write.setArray(i++, connection.createArrayOf("integer", ks.toArray(Integer[]::new)));
    write.setArray(i++, connection.createArrayOf("integer", ns.toArray(Integer[]::new)));
    write.setArray(i++, connection.createArrayOf("text", types.toArray(String[]::new)));
    write.setArray(i++, connection.createArrayOf("text", recordedAt.toArray(String[]::new)));
    write.setArray(i++, connection.createArrayOf("text", instanceIds.toArray(String[]::new)));
    write.setArray(i, connection.createArrayOf("text", payloads.toArray(String[]::new)));
  }

  private static ScheduleRecord r(ScheduleCommit commit) {
    return commit.next();
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }

  private static Array texts(
      Connection connection, List<ScheduleCommit> rows, Function<ScheduleCommit, String> column)
      throws SQLException {
    return connection.createArrayOf("text", rows.stream().map(column).toArray(String[]::new));
  }

  private static Array int8(
      Connection connection, List<ScheduleCommit> rows, Function<ScheduleCommit, Long> column)
      throws SQLException {
    return connection.createArrayOf("bigint", rows.stream().map(column).toArray(Long[]::new));
  }

  private static Array int4(
      Connection connection, List<ScheduleCommit> rows, Function<ScheduleCommit, Integer> column)
      throws SQLException {
    return connection.createArrayOf("integer", rows.stream().map(column).toArray(Integer[]::new));
  }

  private static Boolean[] bools(List<ScheduleCommit> rows) {
    return rows.stream().map(ScheduleCommit::release).toArray(Boolean[]::new);
  }
}
