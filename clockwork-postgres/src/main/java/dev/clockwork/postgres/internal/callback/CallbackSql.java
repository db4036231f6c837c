package dev.clockwork.postgres.internal.callback;

/** The SQL of {@link PostgresCallbacks}, as reviewed text with bind parameters only. */
final class CallbackSql {
  private CallbackSql() {}

  static final String COLUMNS =
      """
      id, instance_id, event_key, event_id, event, url, principal, state, outcome, body, attempts,
      next_attempt_at, delivered_at, last_status, last_error, created_at
      """;

  /** Inserts a callback unless its instance and key have one; either way returns the row. */
  static final String REGISTER =
      """
      WITH inserted AS (
        INSERT INTO cw_callbacks (instance_id, event_key, event, url, principal, state, created_at)
        VALUES (?, ?, CAST(? AS jsonb), ?, ?, 'waiting', ?)
        ON CONFLICT (instance_id, event_key) DO NOTHING
        RETURNING %1$s)
      SELECT %1$s FROM inserted
      UNION ALL
      SELECT %1$s FROM cw_callbacks WHERE instance_id = ? AND event_key = ?
      LIMIT 1
      """
          .formatted(COLUMNS);

  static final String BIND =
      "UPDATE cw_callbacks SET event_id = ? WHERE id = ? AND event_id IS NULL";

  static final String UNBOUND =
      ("SELECT %s FROM cw_callbacks WHERE state = 'waiting' AND event_id IS NULL"
              + " AND created_at <= ? ORDER BY id LIMIT ?")
          .formatted(COLUMNS);

  static final String WAITING =
      ("SELECT %s FROM cw_callbacks WHERE state = 'waiting' AND event_id IS NOT NULL"
              + " AND id > ? ORDER BY id LIMIT ?")
          .formatted(COLUMNS);

  static final String WAITING_FOR =
      ("SELECT %s FROM cw_callbacks WHERE instance_id = ? AND event_id = ? AND state = 'waiting'"
              + " ORDER BY id")
          .formatted(COLUMNS);

  static final String SETTLE =
      """
      UPDATE cw_callbacks SET state = 'due', outcome = ?, body = ?, next_attempt_at = ?
       WHERE id = ? AND state = 'waiting'
      """;

  static final String ABANDON =
      "UPDATE cw_callbacks SET state = 'abandoned', last_error = ?, next_attempt_at = NULL"
          + " WHERE id = ?";

  /** Leases due callbacks no one else holds, in due order, skipping rows another claim locked. */
  static final String CLAIM =
      """
      UPDATE cw_callbacks SET lease_owner = ?, lease_until = ?
       WHERE id IN (SELECT id FROM cw_callbacks
                     WHERE state = 'due' AND next_attempt_at <= ?
                       AND (lease_until IS NULL OR lease_until < ?)
                     ORDER BY next_attempt_at, id
                     LIMIT ?
                     FOR UPDATE SKIP LOCKED)
      RETURNING %s
      """
          .formatted(COLUMNS);

  /** Records an attempt's result on the callback, only while {@code owner} holds its lease. */
  static final String RECORD =
      """
      UPDATE cw_callbacks
         SET state = ?, attempts = ?, next_attempt_at = ?, delivered_at = ?, last_status = ?,
             last_error = ?, lease_owner = NULL, lease_until = NULL
       WHERE id = ? AND lease_owner = ?
      """;

  static final String INSERT_ATTEMPT =
      """
      INSERT INTO cw_callback_deliveries (callback_id, attempt, delivery_id, at, status, error)
      VALUES (?, ?, ?, ?, ?, ?)
      """;

  static final String FOR_EVENT =
      ("SELECT %s FROM cw_callbacks WHERE instance_id = ? AND event_id = ? ORDER BY id")
          .formatted(COLUMNS);

  static final String ATTEMPTS =
      """
      SELECT attempt, delivery_id, at, status, error FROM cw_callback_deliveries
       WHERE callback_id = ? ORDER BY attempt
      """;
}
