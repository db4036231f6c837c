package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.KeyedOutcome;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Idempotency keys ({@code cw_idempotency}): a key is accepted once per instance. */
public final class IdempotencyKeys {
  private static final String CLAIM_KEY =
      """
      INSERT INTO cw_idempotency (instance_id, key, created_at) VALUES (?, ?, ?)
      ON CONFLICT (instance_id, key) DO NOTHING
      """;

  private static final String FIRST_EVENT =
      "SELECT event_id FROM cw_idempotency WHERE instance_id = ? AND key = ?";

  private static final String SET_EVENT =
      "UPDATE cw_idempotency SET event_id = ? WHERE instance_id = ? AND key = ?";

  private static final String OUTCOME =
      "SELECT outcome FROM cw_idempotency WHERE instance_id = ? AND key = ? AND outcome IS NOT NULL";

  private static final String KEEP_OUTCOME =
      """
      INSERT INTO cw_idempotency (instance_id, key, outcome, created_at)
      VALUES (?, ?, CAST(? AS jsonb), ?)
      ON CONFLICT (instance_id, key) DO UPDATE SET outcome = EXCLUDED.outcome
      """;

  private final Jdbc jdbc;

  public IdempotencyKeys(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** Enqueues a keyed event once: a duplicate key returns the first event's id, queues nothing. */
  public QueuedEvent enqueueOnce(QueuedEvent event) {
    return jdbc.inTransaction(
        "enqueue " + event.event().type() + " for '" + event.instanceId() + "' once",
        connection -> {
          boolean first;
          try (PreparedStatement claim = connection.prepareStatement(CLAIM_KEY)) {
            claim.setString(1, event.instanceId());
            claim.setString(2, event.idempotencyKey());
            claim.setObject(3, Instants.notAfter(event.enqueuedAt()));
            first = claim.executeUpdate() == 1;
          }
          if (!first) {
            try (PreparedStatement select = connection.prepareStatement(FIRST_EVENT)) {
              select.setString(1, event.instanceId());
              select.setString(2, event.idempotencyKey());
              try (ResultSet rs = select.executeQuery()) {
                rs.next();
                return event.withId(rs.getLong(1));
              }
            }
          }
          QueuedEvent stored = QueueRows.enqueueAndNotify(connection, event);
          try (PreparedStatement update = connection.prepareStatement(SET_EVENT)) {
            update.setLong(1, stored.id());
            update.setString(2, event.instanceId());
            update.setString(3, event.idempotencyKey());
            update.executeUpdate();
          }
          return stored;
        });
  }

  public Optional<Map<String, Object>> outcome(String instanceId, String key) {
    return jdbc.autoCommit(
        "read the outcome of key '" + key + "' on '" + instanceId + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(OUTCOME)) {
            select.setString(1, instanceId);
            select.setString(2, key);
            try (ResultSet rs = select.executeQuery()) {
              return rs.next()
                  ? Optional.of(JsonValuesCodec.readMap(rs.getString(1)))
                  : Optional.empty();
            }
          }
        });
  }

  /** Keeps outcomes in the caller's transaction (a commit's). */
  static void keep(Connection connection, List<KeyedOutcome> outcomes, java.time.Instant at)
      throws SQLException {
    if (outcomes.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(KEEP_OUTCOME)) {
      for (KeyedOutcome outcome : outcomes) {
        insert.setString(1, outcome.instanceId());
        insert.setString(2, outcome.key());
        insert.setString(3, JsonValuesCodec.write(outcome.outcome()));
        insert.setObject(4, Instants.notAfter(at));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }
}
