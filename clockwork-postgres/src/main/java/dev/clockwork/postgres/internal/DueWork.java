package dev.clockwork.postgres.internal;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * When work falls due next: the earliest {@code next_due_at} of an instance that no valid lease
 * holds, of a machine whose queue is not paused, in the queues asked for. Events queued while their
 * instance row was locked and not merged yet (see {@link PendingHeads}) count at their
 * availability: the next claim merges them. Instants are the stored ones, rounded up to the
 * microsecond: a clock moved to one finds the work due.
 */
public final class DueWork {
  /** Per machine and priority, the first row of {@code cw_instances_due} no lease holds. */
  static final String NEXT_DUE =
      """
      SELECT LEAST(
               (SELECT min(d.next_due_at)
                  FROM unnest(CAST(? AS text[])) AS m(machine)
                 CROSS JOIN generate_series(0, 4) AS p(level)
                 CROSS JOIN LATERAL (
                       SELECT next_due_at
                         FROM cw_instances
                        WHERE machine = m.machine AND next_priority = p.level
                          AND next_due_at IS NOT NULL
                          AND NOT EXISTS (SELECT 1 FROM cw_leases a
                                           WHERE a.instance_id = cw_instances.id
                                             AND a.expires_at > ?)
                        ORDER BY next_due_at
                        LIMIT 1) AS d
                 WHERE NOT EXISTS (SELECT 1 FROM cw_machine_queues q
                                    WHERE q.machine = m.machine AND q.paused)),
               (SELECT min(h.available_at)
                  FROM cw_pending_heads h
                  JOIN cw_instances i ON i.id = h.instance_id
                 WHERE i.machine = ANY (CAST(? AS text[]))
                   AND NOT EXISTS (SELECT 1 FROM cw_machine_queues q
                                    WHERE q.machine = i.machine AND q.paused)))
      """;

  /**
   * {@link #NEXT_DUE} for a node that serves some queues only: per served queue, machine and
   * priority, the first row of {@code cw_instances_queue_due} no lease holds.
   */
  static final String NEXT_DUE_IN_QUEUES =
      """
      SELECT LEAST(
               (SELECT min(d.next_due_at)
                  FROM unnest(CAST(? AS text[])) AS m(machine)
                 CROSS JOIN unnest(CAST(? AS text[])) AS q(name)
                 CROSS JOIN generate_series(0, 4) AS p(level)
                 CROSS JOIN LATERAL (
                       SELECT next_due_at
                         FROM cw_instances
                        WHERE queue = q.name AND machine = m.machine AND next_priority = p.level
                          AND next_due_at IS NOT NULL
                          AND NOT EXISTS (SELECT 1 FROM cw_leases a
                                           WHERE a.instance_id = cw_instances.id
                                             AND a.expires_at > ?)
                        ORDER BY next_due_at
                        LIMIT 1) AS d
                 WHERE NOT EXISTS (SELECT 1 FROM cw_machine_queues mq
                                    WHERE mq.machine = m.machine AND mq.paused)),
               (SELECT min(h.available_at)
                  FROM cw_pending_heads h
                  JOIN cw_instances i ON i.id = h.instance_id
                 WHERE i.machine = ANY (CAST(? AS text[]))
                   AND i.queue = ANY (CAST(? AS text[]))
                   AND NOT EXISTS (SELECT 1 FROM cw_machine_queues mq
                                    WHERE mq.machine = i.machine AND mq.paused)))
      """;

  /**
   * {@link #NEXT_DUE} for every machine (reads every instance with work due), of the queues given
   * (every queue when the array is null).
   */
  private static final String NEXT_DUE_ANY_MACHINE =
      """
      SELECT LEAST(
               (SELECT min(i.next_due_at)
                  FROM cw_instances i
                 WHERE i.next_due_at IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM cw_leases a
                                    WHERE a.instance_id = i.id AND a.expires_at > ?)
                   AND (CAST(? AS text[]) IS NULL OR i.queue = ANY (CAST(? AS text[])))
                   AND NOT EXISTS (SELECT 1 FROM cw_machine_queues q
                                    WHERE q.machine = i.machine AND q.paused)),
               (SELECT min(h.available_at)
                  FROM cw_pending_heads h
                  JOIN cw_instances i ON i.id = h.instance_id
                 WHERE (CAST(? AS text[]) IS NULL OR i.queue = ANY (CAST(? AS text[])))
                   AND NOT EXISTS (SELECT 1 FROM cw_machine_queues q
                                    WHERE q.machine = i.machine AND q.paused)))
      """;

  private final Jdbc jdbc;

  public DueWork(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * See {@code WorkStore.nextDue}; {@code machines} null means every machine, {@code queues} null
   * every queue.
   */
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    if (queues != null && queues.isEmpty()) {
      return Optional.empty();
    }
    // generic plans: planning the per-machine-and-priority scans afresh on every call costs more
    // than running them (the parameters are arrays whose length the planner cannot see)
    String sql =
        Jdbc.GENERIC_PLANS
            + ";\n"
            + (machines == null
                ? NEXT_DUE_ANY_MACHINE
                : queues == null ? NEXT_DUE : NEXT_DUE_IN_QUEUES);
    return jdbc.autoCommit(
        "find when work falls due next",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(sql)) {
            int i = 0;
            if (machines == null) {
              Array served = queues == null ? null : Columns.texts(connection, queues);
              select.setObject(++i, Instants.notAfter(now));
              for (int n = 0; n < 4; n++) {
                select.setArray(++i, served);
              }
            } else {
              select.setArray(++i, Columns.texts(connection, machines));
              if (queues != null) {
                select.setArray(++i, Columns.texts(connection, queues));
              }
              select.setObject(++i, Instants.notAfter(now));
              select.setArray(++i, Columns.texts(connection, machines));
              if (queues != null) {
                select.setArray(++i, Columns.texts(connection, queues));
              }
            }
            select.execute();
            select.getMoreResults(); // past the plan setting's row
            try (ResultSet rs = select.getResultSet()) {
              rs.next();
              return Optional.ofNullable(Instants.read(rs, "least"));
            }
          }
        });
  }
}
