package dev.clockwork.postgres.internal;

import java.util.Collection;

/**
 * The head of an instance's queue is the event with the lowest id among the one its row names
 * ({@code next_event_*}) and its markers in {@code cw_pending_heads} (events queued while the row
 * was locked, see {@link Enqueues}). Who holds the row lock settles them: a claim {@linkplain
 * #ABSORB merges} the markers of the rows it can lock into their heads, and whoever removed or
 * delayed queue rows {@linkplain #recompute recomputes} the head from the queue and drops the
 * markers, in one statement, so both read the same snapshot.
 */
final class PendingHeads {
  private PendingHeads() {}

  /**
   * Merges markers into their rows' heads, for the rows that are not locked (at most 1000 rows a
   * time). The rows are locked in this statement, after its snapshot was taken; that is safe here
   * because merging only lowers a head: a marker whose event a commit consumed meanwhile was
   * deleted by that commit, and a deleted marker is not returned by the DELETE, so it is not
   * merged.
   */
  static final String ABSORB =
      """
      WITH marked AS (
             SELECT DISTINCT instance_id FROM cw_pending_heads LIMIT 1000),
           locked AS (
             SELECT i.id, i.next_event_id
               FROM marked
              CROSS JOIN LATERAL (
                    SELECT id, next_event_id FROM cw_instances
                     WHERE id = marked.instance_id
                       FOR NO KEY UPDATE SKIP LOCKED) AS i),
           taken AS (
             DELETE FROM cw_pending_heads
              WHERE instance_id = ANY (ARRAY(SELECT id FROM locked))
             RETURNING instance_id, event_id, available_at, priority, attempts),
           first AS (
             SELECT DISTINCT ON (taken.instance_id) taken.*
               FROM taken JOIN locked ON locked.id = taken.instance_id
              WHERE locked.next_event_id IS NULL OR locked.next_event_id > taken.event_id
              ORDER BY taken.instance_id, taken.event_id)
      UPDATE cw_instances i
         SET next_event_id = f.event_id, next_event_at = f.available_at,
             next_event_priority = f.priority, next_event_attempts = f.attempts
        FROM first f
       WHERE i.id = f.instance_id
      """;

  /**
   * Sets each row's head from its queue and drops its markers. The caller locked the rows in an
   * earlier statement, so this statement's snapshot has every event queued before the lock.
   */
  private static final String RECOMPUTE =
      """
      WITH cleared AS (
             DELETE FROM cw_pending_heads WHERE instance_id = ANY (CAST(? AS text[])))
      UPDATE cw_instances i
         SET (next_event_at, next_event_id, next_event_priority, next_event_attempts) =
             (SELECT q.available_at, q.id, q.priority, q.attempts
                FROM cw_queue q
               WHERE q.instance_id = i.id
               ORDER BY q.id
               LIMIT 1)
       WHERE i.id = ANY (CAST(? AS text[]))
      """;

  /** Recomputes the heads of rows the caller's transaction has locked (see {@link #RECOMPUTE}). */
  static void recompute(Pipeline pipeline, Collection<String> instanceIds) {
    if (instanceIds.isEmpty()) {
      return;
    }
    pipeline.add(
        RECOMPUTE,
        (connection, update, i) -> {
          update.setArray(++i, Columns.texts(connection, instanceIds));
          update.setArray(++i, Columns.texts(connection, instanceIds));
          return i;
        });
  }
}
