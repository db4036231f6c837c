package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.KeyedOutcome;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Idempotency keys ({@code cw_idempotency}): a key is accepted once per instance (see {@link
 * Enqueues}), and the outcome of its event is kept for duplicates.
 */
public final class IdempotencyKeys {
  private static final String RECORD =
      "SELECT event_id, fingerprint, outcome FROM cw_idempotency WHERE instance_id = ? AND key = ?";

  private static final String KEEP =
      """
      INSERT INTO cw_idempotency (instance_id, key, outcome, created_at, fingerprint)
      SELECT u.instance_id, u.key, CAST(u.outcome AS jsonb), CAST(u.created_at AS timestamptz),
             u.fingerprint
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[])) AS u(instance_id, key, outcome, created_at, fingerprint)
      ON CONFLICT (instance_id, key) DO UPDATE
        SET outcome = EXCLUDED.outcome,
            fingerprint = COALESCE(cw_idempotency.fingerprint, EXCLUDED.fingerprint)
      """;

  private final Jdbc jdbc;

  public IdempotencyKeys(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** What is kept of a key: its first event, that event's fingerprint, its outcome. */
  public Optional<IdempotencyRecord> record(String instanceId, String key) {
    return jdbc.autoCommit(
        "read key '" + key + "' on '" + instanceId + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(RECORD)) {
            select.setString(1, instanceId);
            select.setString(2, key);
            try (ResultSet rs = select.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              String outcome = rs.getString(3);
              return Optional.of(
                  new IdempotencyRecord(
                      instanceId,
                      key,
                      rs.getLong(1),
                      rs.getString(2),
                      outcome == null ? null : JsonValuesCodec.readMap(outcome)));
            }
          }
        });
  }

  /** An outcome to keep, and when it was decided. */
  record Kept(KeyedOutcome outcome, Instant at) {}

  /** Keeps outcomes with the pipeline's transaction, one statement; the last one per key wins. */
  static void keep(Pipeline pipeline, List<Kept> outcomes) {
    if (outcomes.isEmpty()) {
      return;
    }
    Map<List<String>, Kept> last = new LinkedHashMap<>();
    for (Kept kept : outcomes) {
      last.put(List.of(kept.outcome().instanceId(), kept.outcome().key()), kept);
    }
    List<Kept> rows = new ArrayList<>(last.values());
    pipeline.add(
        KEEP,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, rows, k -> k.outcome().instanceId()));
          insert.setArray(++i, Columns.text(connection, rows, k -> k.outcome().key()));
          insert.setArray(
              ++i,
              Columns.text(connection, rows, k -> JsonValuesCodec.write(k.outcome().outcome())));
          insert.setArray(++i, Columns.text(connection, rows, k -> Instants.textNotAfter(k.at())));
          insert.setArray(++i, Columns.text(connection, rows, k -> k.outcome().fingerprint()));
          return i;
        });
  }
}
