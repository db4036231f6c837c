package dev.clockwork.postgres.internal;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.ConcurrentUpdateException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a batch of step commits in one transaction, in a handful of round trips whatever the batch
 * size: lock every instance the batch touches (in id order, so concurrent batches cannot deadlock)
 * and read their lease tokens, revisions and timers; decide; then write the accepted commits with
 * one statement or JDBC batch per kind of row — history, consumed and dead-lettered events, dead
 * letters, events put back for a retry, outgoing events, the timer index (only for instances whose
 * timers changed), and last the instances themselves with the head of each queue recomputed, as the
 * queue stands after all of that and after any enqueue that waited for the lock.
 *
 * <p>As in the in-memory store, commits are decided in list order: one whose lease is lost (its
 * token is no longer the stored one), or that is part of one skipped earlier in the list, is
 * skipped and reported; one whose revision is not one above the stored one stops the batch with a
 * {@link ConcurrentUpdateException}, after the commits before it are written.
 */
public final class Commits {
  private static final Logger LOG = LoggerFactory.getLogger(Commits.class);

  private static final String LOCK =
      """
      SELECT id, revision, lease_token, timers
        FROM cw_instances
       WHERE id = ANY (CAST(? AS text[]))
       ORDER BY id
         FOR NO KEY UPDATE
      """;

  private static final String CONSUME =
      "DELETE FROM cw_queue WHERE instance_id = ? AND id = ANY (CAST(? AS bigint[]))";

  private static final String UPDATE =
      """
      UPDATE cw_instances
         SET version = ?, status = ?, active = CAST(? AS jsonb), context = CAST(? AS jsonb),
             timers = CAST(? AS jsonb), last_entry_id = ?, revision = ?, history_seq = ?,
             updated_at = ?,
             lease_owner = CASE WHEN ? THEN NULL ELSE lease_owner END,
             lease_token = CASE WHEN ? THEN NULL ELSE lease_token END,
             lease_expires_at = CASE WHEN ? THEN NULL ELSE lease_expires_at END,
             (next_event_at, next_event_id, next_event_priority) =
               (SELECT q.available_at, q.id, q.priority
                  FROM cw_queue q
                 WHERE q.instance_id = cw_instances.id
                 ORDER BY q.id
                 LIMIT 1)
       WHERE id = ? AND lease_token = ?
      """;

  private final Jdbc jdbc;

  public Commits(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** What the stored row says while the batch holds its lock. */
  private record Locked(long revision, UUID token, List<ArmedTimer> timers) {}

  private record Outcome(Set<String> lost, ConcurrentUpdateException conflict) {}

  public Set<String> commit(List<StepCommit> commits) {
    if (commits.isEmpty()) {
      return Set.of();
    }
    Outcome outcome =
        jdbc.inTransaction("commit " + commits.size() + " step(s)", c -> write(c, commits));
    if (outcome.conflict != null) {
      throw outcome.conflict;
    }
    return outcome.lost;
  }

  private Outcome write(Connection connection, List<StepCommit> commits) throws SQLException {
    Map<String, Locked> locked = lock(connection, commits);
    Set<String> lost = new LinkedHashSet<>();
    List<StepCommit> accepted = new ArrayList<>(commits.size());
    Map<String, InstanceRecord> retimed = new LinkedHashMap<>();
    ConcurrentUpdateException conflict = null;
    for (StepCommit commit : commits) {
      InstanceRecord next = commit.next();
      Locked row = locked.get(next.id());
      if (row == null || !commit.lease().token().equals(row.token) || commit.dependsOnAny(lost)) {
        lost.add(next.id());
        continue;
      }
      if (row.revision != next.revision() - 1) {
        conflict = new ConcurrentUpdateException(next.id(), next.revision() - 1, row.revision);
        break;
      }
      accepted.add(commit);
      if (!next.timers().equals(row.timers) || retimed.containsKey(next.id())) {
        retimed.put(next.id(), next);
      }
      UUID token = commit.release() ? null : row.token;
      locked.put(next.id(), new Locked(next.revision(), token, next.timers()));
    }
    if (!accepted.isEmpty()) {
      writeAccepted(connection, accepted, new ArrayList<>(retimed.values()));
    }
    return new Outcome(lost, conflict);
  }

  private static Map<String, Locked> lock(Connection connection, List<StepCommit> commits)
      throws SQLException {
    Set<String> ids = new TreeSet<>();
    for (StepCommit commit : commits) {
      ids.add(commit.next().id());
      commit.outgoing().forEach(event -> ids.add(event.instanceId()));
    }
    Map<String, Locked> locked = new HashMap<>();
    try (PreparedStatement lock = connection.prepareStatement(LOCK)) {
      lock.setArray(1, connection.createArrayOf("text", ids.toArray()));
      try (ResultSet rs = lock.executeQuery()) {
        while (rs.next()) {
          locked.put(
              rs.getString("id"),
              new Locked(
                  rs.getLong("revision"),
                  rs.getObject("lease_token", UUID.class),
                  SnapshotJson.readTimers(rs.getString("timers"))));
        }
      }
    }
    return locked;
  }

  private static void writeAccepted(
      Connection connection, List<StepCommit> accepted, List<InstanceRecord> retimed)
      throws SQLException {
    List<HistoryEntry> history = new ArrayList<>();
    List<QueuedEvent> outgoing = new ArrayList<>();
    List<QueuedEvent> dead = new ArrayList<>(0);
    List<QueuedEvent> retried = new ArrayList<>(0);
    for (StepCommit commit : accepted) {
      history.addAll(commit.history());
      outgoing.addAll(commit.outgoing());
      dead.addAll(commit.deadLettered());
      retried.addAll(commit.retried());
    }
    InstanceRows.insertHistory(connection, history);
    consume(connection, accepted);
    DeadLetters.insertAll(connection, dead);
    QueueRows.retryLater(connection, retried);
    for (StepCommit commit : accepted) {
      IdempotencyKeys.keep(connection, commit.outcomes(), commit.next().updatedAt());
    }
    List<QueuedEvent> unknown = QueueRows.enqueueAll(connection, outgoing);
    unknown.forEach(
        event ->
            LOG.warn(
                "dropped {} for '{}': no such instance", event.event().type(), event.instanceId()));
    if (!retimed.isEmpty()) {
      TimerIndex.index(connection, retimed);
    }
    boolean releasedWithEventsWaiting = updateInstances(connection, accepted);
    if (outgoing.size() > unknown.size() || releasedWithEventsWaiting) {
      QueueRows.notifyWorkers(connection);
    }
  }

  private static void consume(Connection connection, List<StepCommit> accepted)
      throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(CONSUME)) {
      boolean any = false;
      for (StepCommit commit : accepted) {
        List<Long> rows = new ArrayList<>(commit.consumed());
        commit.deadLettered().forEach(dead -> rows.add(dead.id()));
        if (!rows.isEmpty()) {
          delete.setString(1, commit.next().id());
          delete.setArray(2, connection.createArrayOf("int8", rows.toArray()));
          delete.addBatch();
          any = true;
        }
      }
      if (any) {
        delete.executeBatch();
      }
    }
  }

  /**
   * Writes the accepted instances with their queue heads recomputed.
   *
   * @return true when an instance the batch released has events waiting (another worker should wake
   *     up for them), read from the rows the update wrote rather than looked up again
   */
  private static boolean updateInstances(Connection connection, List<StepCommit> accepted)
      throws SQLException {
    try (PreparedStatement update =
        connection.prepareStatement(UPDATE, new String[] {"next_event_at", "lease_token"})) {
      for (StepCommit commit : accepted) {
        InstanceRecord next = commit.next();
        int i = 0;
        update.setInt(++i, next.version());
        update.setString(++i, next.status().name());
        update.setString(++i, SnapshotJson.writeActive(next.active()));
        update.setString(++i, JsonValuesCodec.write(next.context()));
        update.setString(++i, SnapshotJson.writeTimers(next.timers()));
        update.setLong(++i, next.lastEntryId());
        update.setLong(++i, next.revision());
        update.setLong(++i, next.historySequence());
        update.setObject(++i, Instants.notAfter(next.updatedAt()));
        update.setBoolean(++i, commit.release());
        update.setBoolean(++i, commit.release());
        update.setBoolean(++i, commit.release());
        update.setString(++i, next.id());
        update.setObject(++i, commit.lease().token());
        update.addBatch();
      }
      update.executeBatch();
      boolean waiting = false;
      try (ResultSet written = update.getGeneratedKeys()) {
        while (written.next()) {
          waiting |=
              written.getObject("next_event_at") != null
                  && written.getObject("lease_token") == null;
        }
      }
      return waiting;
    }
  }
}
