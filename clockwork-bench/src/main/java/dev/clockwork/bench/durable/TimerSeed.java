package dev.clockwork.bench.durable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Arms many timers fast. The store has no bulk create, and a million {@code Engine.create} calls
 * (one transaction each) would take the whole time budget, so the rows are cloned in SQL from a
 * template instance the engine created: {@code cw_instances}, {@code cw_timers} and {@code
 * cw_history} rows exactly as the store writes them, each clone with its own id and due instant
 * (written into the context's {@code at}, the snapshot's armed timer and the timer index alike).
 * {@link #check} compares a clone with an instance the engine created for the same due.
 */
final class TimerSeed {
  /** Instant.toString() of a timestamptz, to the microsecond, in SQL. */
  private static final String INSTANT_TEXT =
      """
      to_char(due AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') ||
      CASE WHEN us = 0 THEN ''
           WHEN us % 1000 = 0 THEN '.' || lpad((us / 1000)::text, 3, '0')
           ELSE '.' || lpad(us::text, 6, '0') END || 'Z'
      """;

  private static final String CLONES =
      """
      CREATE TEMP TABLE seed ON COMMIT DROP AS
      SELECT id, due, %s AS due_text
        FROM (SELECT ? || lpad(g::text, 7, '0') AS id, due,
                     extract(microseconds FROM due)::bigint %% 1000000 AS us
                FROM (SELECT g, CAST(? AS timestamptz)
                                + interval '1 microsecond' * (g * CAST(? AS bigint)) AS due
                        FROM generate_series(CAST(? AS bigint), CAST(? AS bigint)) g) d) e
      """
          .formatted(INSTANT_TEXT);

  private static final String INSTANCES =
      """
      INSERT INTO cw_instances (id, machine, version, conversation_id, status, active, context,
                                timers, last_entry_id, revision, history_seq, created_at,
                                updated_at)
      SELECT s.id, t.machine, t.version, 'conv-' || s.id, t.status, t.active,
             jsonb_set(t.context, '{at}', to_jsonb(s.due_text)),
             jsonb_set(jsonb_set(t.timers, '{0,due}', to_jsonb(s.due_text)),
                       '{0,value}', to_jsonb(s.due_text)),
             t.last_entry_id, t.revision, t.history_seq, t.created_at, t.updated_at
        FROM seed s, cw_instances t
       WHERE t.id = ?
      """;

  private static final String TIMERS =
      """
      INSERT INTO cw_timers (instance_id, timer_key, entry_id, state, event, due_at, due_exact,
                             fires)
      SELECT s.id, t.timer_key, t.entry_id, t.state, t.event, s.due, s.due_text, t.fires
        FROM seed s, cw_timers t
       WHERE t.instance_id = ?
      """;

  private static final String HISTORY =
      """
      INSERT INTO cw_history (instance_id, conversation_id, seq, at, kind, event, payload, states,
                              detail)
      SELECT s.id, 'conv-' || s.id, h.seq, h.at, h.kind, h.event, h.payload, h.states, h.detail
        FROM seed s, cw_history h
       WHERE h.instance_id = ?
      """;

  /** A clone and an engine-created instance with the same due: the same rows but for ids. */
  private static final String CHECK =
      """
      SELECT count(*)
        FROM cw_instances a
        JOIN cw_instances b ON a.context = b.context
                           AND a.timers #- '{0,enteredAt}' = b.timers #- '{0,enteredAt}'
                           AND a.status = b.status AND a.version = b.version
                           AND a.last_entry_id = b.last_entry_id AND a.revision = b.revision
        JOIN cw_timers ta ON ta.instance_id = a.id
        JOIN cw_timers tb ON tb.instance_id = b.id AND ta.due_at = tb.due_at
                         AND ta.due_exact = tb.due_exact AND ta.timer_key = tb.timer_key
                         AND ta.entry_id = tb.entry_id AND ta.fires = tb.fires
       WHERE a.id = ? AND b.id = ?
      """;

  private final BenchDatabase postgres;

  TimerSeed(BenchDatabase postgres) {
    this.postgres = postgres;
  }

  /** The due instant of clone {@code g}: {@code base + g × stepMicros}. */
  static Instant due(Instant base, long g, long stepMicros) {
    return base.truncatedTo(ChronoUnit.MICROS).plus(g * stepMicros, ChronoUnit.MICROS);
  }

  static String id(String prefix, long g) {
    return prefix + String.format("%07d", g);
  }

  /**
   * Clones {@code template} as {@code prefix + g} for g in [first, last], due {@link #due}.
   *
   * @return the elapsed seconds
   */
  double clone(String template, String prefix, long first, long last, Instant base, long step) {
    long start = System.nanoTime();
    try (Connection connection = postgres.harness().getConnection()) {
      connection.setAutoCommit(false);
      try (PreparedStatement seed = connection.prepareStatement(CLONES)) {
        seed.setString(1, prefix);
        seed.setObject(
            2, OffsetDateTime.ofInstant(base.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC));
        seed.setLong(3, step);
        seed.setLong(4, first);
        seed.setLong(5, last);
        seed.execute();
      }
      for (String insert : new String[] {INSTANCES, TIMERS, HISTORY}) {
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
          statement.setString(1, template);
          statement.executeUpdate();
        }
      }
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalStateException("seeding timers failed: " + e.getMessage(), e);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** Removes an instance's rows (the template, once cloned). */
  void remove(String instanceId) {
    try (Connection connection = postgres.harness().getConnection()) {
      for (String delete :
          new String[] {
            "DELETE FROM cw_history WHERE instance_id = ?",
            "DELETE FROM cw_timers WHERE instance_id = ?",
            "DELETE FROM cw_timer_fires WHERE instance_id = ?",
            "DELETE FROM cw_queue WHERE instance_id = ?",
            "DELETE FROM cw_instances WHERE id = ?"
          }) {
        try (PreparedStatement statement = connection.prepareStatement(delete)) {
          statement.setString(1, instanceId);
          statement.executeUpdate();
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot remove " + instanceId + ": " + e.getMessage(), e);
    }
  }

  /** True when the clone's rows equal those of the instance the engine created for its due. */
  boolean check(String cloneId, String engineCreatedId) {
    return postgres.queryLong(CHECK, cloneId, engineCreatedId) == 1;
  }
}
