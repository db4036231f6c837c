package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Claims on {@code cw_instances}: lease the instances with work due, best first, within each
 * machine's cap, and read the available events at the head of their queues.
 *
 * <p>One round trip: four statements that run as one implicit transaction: use generic plans and do
 * not wait for the commit's flush ({@link #CLAIM_SETTINGS}), merge the pending heads of the rows no
 * one holds ({@link PendingHeads#ABSORB}), take each capped machine's turn (a transaction-scoped
 * advisory lock per machine, in name order, so claimers of one machine count each other's leases),
 * and lease the instances in one statement: lock the due rows ({@code FOR NO KEY UPDATE SKIP
 * LOCKED}) of every queue through {@code cw_instances_due}, or of the queues the request serves
 * through {@code cw_instances_queue_due}, and insert their leases into {@code cw_leases} — taking
 * over only a lease that has expired ({@code ON CONFLICT … WHERE expires_at <= now}, which sees the
 * latest committed lease, so two claimers never both lease a row one of them read before the
 * other's lease committed). The instance row itself is not written. The same statement returns the
 * heads of the claimed queues whose first event is available, a row per event, read in the claim's
 * snapshot (an event queued later waits for the next turn).
 */
public final class Claims {
  private static final String TAKE_TURNS =
      """
      SELECT count(pg_advisory_xact_lock(hashtext('clockwork.claim.' || m)))
        FROM unnest(CAST(? AS text[])) AS m
      """;

  /**
   * Leases up to {@code room} due instances per machine (its cap minus its valid leases but the
   * request's committing ones — matched by their token, so a token that went stale meanwhile
   * excludes nothing — counted in {@code cw_leases} up to the cap only, in index order: a plain
   * index scan marks the entries of leases given up as dead as it passes, where a bitmap scan would
   * read them again until the next vacuum; at most what the claim takes), then the best of them
   * across machines: by the head event's priority when it is available (normal otherwise), then by
   * how long the work has been due. Per machine and priority a range scan of {@code
   * cw_instances_due} ({@code cw_instances_next_event} when timers wait) reads due rows only,
   * locking no more candidates than it can take; those not taken are unlocked when the statement's
   * transaction ends. The rows come from the locking scan, so they are the latest versions. The
   * instances the claiming node holds ({@code ClaimRequest.held}, a hashed list) are passed over
   * before their leases are read: the head of the due order is mostly the node's own turns waiting
   * for their commits, and a probe of {@code cw_leases} per row cost more than the rest of the
   * scan.
   */
  private static final String CLAIM =
      """
      WITH room AS MATERIALIZED (
             SELECT c.machine,
                    LEAST(GREATEST(c.cap - (SELECT count(*)
                                              FROM (SELECT 1 FROM cw_leases a
                                                     WHERE a.machine = c.machine
                                                       AND a.expires_at > ?
                                                       AND a.token <> ALL (CAST(? AS uuid[]))
                                                     ORDER BY a.expires_at
                                                     LIMIT c.cap) AS valid), 0), ?) AS room,
                    c.newest
               FROM unnest(CAST(? AS text[]), CAST(? AS int[]), CAST(? AS int[]))
                      AS c(machine, cap, newest)
              WHERE NOT EXISTS (SELECT 1 FROM cw_machine_queues p
                                 WHERE p.machine = c.machine AND p.paused)),
           ready AS (
             SELECT r.*
               FROM room
              CROSS JOIN LATERAL (
                    SELECT d.*
                      FROM generate_series(0, 4) AS p(level)
                     CROSS JOIN LATERAL (%s) AS d
                     LIMIT room.room) AS r
              ORDER BY CASE WHEN r.next_event_at <= ? THEN r.next_event_priority ELSE 2 END,
                       r.next_due_at, r.id
              LIMIT ?),
           taken AS (%s),
           leased AS (
             SELECT r.*, t.token AS lease_token, t.expires_at AS lease_expires_at,
                    CASE WHEN r.next_event_at <= ? THEN r.next_event_priority ELSE 2 END
                      AS priority
               FROM ready r JOIN taken t ON t.instance_id = r.id)
      SELECT l.*, q.id AS event_id, q.event, q.source, q.conversation_id AS event_conversation_id,
             q.attempts, q.available_at, q.enqueued_at, q.errors, q.priority AS event_priority,
             q.idempotency_key, q.headers
        FROM leased l
        LEFT JOIN LATERAL (
             SELECT *
               FROM cw_queue
              WHERE cw_queue.instance_id = l.id AND l.next_event_at <= ?
              ORDER BY cw_queue.id
              LIMIT ?) AS q ON true
      """;

  /** Due instances of one machine and priority: a head event, a timer or a retry is due. */
  private static final String DUE =
      """
      SELECT %1$s, next_due_at, next_event_at, next_event_priority
        FROM cw_instances
       WHERE machine = room.machine AND next_priority = p.level AND next_due_at <= ?
         AND NOT EXISTS (SELECT 1 FROM cw_leases a
                            WHERE a.instance_id = cw_instances.id AND a.expires_at > ?) AND version <= room.newest
         AND id NOT IN (SELECT unnest(CAST(? AS text[])))
       ORDER BY next_due_at
       LIMIT room.room
         FOR NO KEY UPDATE SKIP LOCKED
      """;

  /** {@link #DUE} when timers wait (backpressure): only instances whose head event is available. */
  private static final String EVENT_DUE =
      """
      SELECT %1$s, next_due_at, next_event_at, next_event_priority
        FROM cw_instances
       WHERE machine = room.machine AND next_event_priority = p.level AND next_event_at <= ?
         AND next_due_at <= ? AND NOT EXISTS (SELECT 1 FROM cw_leases a
                            WHERE a.instance_id = cw_instances.id AND a.expires_at > ?)
         AND version <= room.newest
         AND id NOT IN (SELECT unnest(CAST(? AS text[])))
       ORDER BY next_event_at
       LIMIT room.room
         FOR NO KEY UPDATE SKIP LOCKED
      """;

  /**
   * {@link #DUE} for a node that serves some queues only: per served queue, a range scan of {@code
   * cw_instances_queue_due} locking no more than the machine has room for, then the longest due
   * across those queues (rows locked and not taken are unlocked when the claim's transaction ends).
   */
  private static final String DUE_IN_QUEUES =
      """
      SELECT x.*
        FROM unnest(CAST(? AS text[])) AS q(name)
       CROSS JOIN LATERAL (
             SELECT %1$s, next_due_at, next_event_at, next_event_priority
               FROM cw_instances
              WHERE queue = q.name AND machine = room.machine AND next_priority = p.level
                AND next_due_at <= ? AND NOT EXISTS (SELECT 1 FROM cw_leases a
                            WHERE a.instance_id = cw_instances.id AND a.expires_at > ?)
                AND version <= room.newest
                AND id NOT IN (SELECT unnest(CAST(? AS text[])))
              ORDER BY next_due_at
              LIMIT room.room
                FOR NO KEY UPDATE SKIP LOCKED) AS x
       ORDER BY x.next_due_at
       LIMIT room.room
      """;

  /**
   * {@link #DUE_IN_QUEUES} when timers wait (backpressure): the same scans, keeping the instances
   * whose head event is available (those with only a timer due are passed over).
   */
  private static final String EVENT_DUE_IN_QUEUES =
      """
      SELECT x.*
        FROM unnest(CAST(? AS text[])) AS q(name)
       CROSS JOIN LATERAL (
             SELECT %1$s, next_due_at, next_event_at, next_event_priority
               FROM cw_instances
              WHERE queue = q.name AND machine = room.machine AND next_priority = p.level
                AND next_due_at <= ? AND next_event_at <= ?
                AND NOT EXISTS (SELECT 1 FROM cw_leases a
                            WHERE a.instance_id = cw_instances.id AND a.expires_at > ?)
                AND version <= room.newest
                AND id NOT IN (SELECT unnest(CAST(? AS text[])))
              ORDER BY next_due_at
              LIMIT room.room
                FOR NO KEY UPDATE SKIP LOCKED) AS x
       ORDER BY x.next_due_at
       LIMIT room.room
      """;

  /**
   * The claim's first statement: generic plans ({@link Jdbc#GENERIC_PLANS}), and a commit that does
   * not wait for its WAL flush. Losing a claim in a server crash loses nothing: its transaction is
   * lost whole (the lease and the absorbed heads alike), the turn's commit — flushed, and so
   * flushing the claim before it — is then refused for a lease that does not exist, and the
   * instance is claimed again. What a claim saves is the flush a serial dispatcher waits for.
   */
  private static final String CLAIM_SETTINGS =
      Jdbc.GENERIC_PLANS + ", set_config('synchronous_commit', 'off', true)";

  static final String CLAIM_ANY_DUE = claim(DUE);

  static final String CLAIM_EVENT_DUE = claim(EVENT_DUE);
  static final String CLAIM_ANY_DUE_IN_QUEUES = claim(DUE_IN_QUEUES);
  static final String CLAIM_EVENT_DUE_IN_QUEUES = claim(EVENT_DUE_IN_QUEUES);

  private final Jdbc jdbc;

  public Claims(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** The claim's round trip with {@code due} finding the candidates of one machine and priority. */
  private static String claim(String due) {
    return CLAIM_SETTINGS
        + ";\n"
        + PendingHeads.ABSORB
        + ";\n"
        + TAKE_TURNS
        + ";\n"
        + CLAIM.formatted(due.formatted(InstanceRows.RECORD_COLUMNS.strip()), Leases.take("ready"));
  }

  /**
   * A leased instance, with what decides its place, and the available events at the head of its
   * queue (up to the first that is not available).
   */
  private static final class Claimed {
    final InstanceRecord record;
    final UUID token;
    final int priority;
    final OffsetDateTime due;
    final List<QueuedEvent> events = new ArrayList<>();
    private boolean blocked;

    Claimed(InstanceRecord record, UUID token, int priority, OffsetDateTime due) {
      this.record = record;
      this.token = token;
      this.priority = priority;
      this.due = due;
    }

    void add(QueuedEvent event, Instant now) {
      blocked |= event.availableAt().isAfter(now);
      if (!blocked) {
        events.add(event);
      }
    }

    int priority() {
      return priority;
    }

    OffsetDateTime due() {
      return due;
    }
  }

  public List<Claim> claim(ClaimRequest request) {
    if (request.maxInstances() <= 0
        || request.caps().isEmpty()
        || (request.queues() != null && request.queues().isEmpty())) {
      return List.of();
    }
    Instant expiresAt = request.now().plus(request.leaseTime());
    return jdbc.autoCommit(
        "claim instances",
        connection -> {
          List<Claimed> claimed = lease(connection, request, expiresAt);
          List<Claim> claims = new ArrayList<>(claimed.size());
          for (Claimed c : claimed) {
            Lease lease = new Lease(c.record.id(), request.owner(), c.token, expiresAt);
            claims.add(new Claim(lease, c.record, c.events));
          }
          return claims;
        });
  }

  /** The first round trip: absorb, take turns, lease; one implicit transaction. */
  private static List<Claimed> lease(Connection connection, ClaimRequest request, Instant expiresAt)
      throws SQLException {
    Map<String, Integer> byName = new TreeMap<>(request.caps());
    OffsetDateTime now = Instants.notAfter(request.now());
    boolean someQueues = request.queues() != null;
    String sql =
        someQueues
            ? (request.timers() ? CLAIM_ANY_DUE_IN_QUEUES : CLAIM_EVENT_DUE_IN_QUEUES)
            : (request.timers() ? CLAIM_ANY_DUE : CLAIM_EVENT_DUE);
    try (PreparedStatement claim = connection.prepareStatement(sql)) {
      int i = 0;
      claim.setArray(++i, Columns.texts(connection, byName.keySet()));
      claim.setObject(++i, now);
      claim.setArray(++i, connection.createArrayOf("uuid", request.committing().toArray()));
      claim.setInt(++i, request.maxInstances());
      claim.setArray(++i, Columns.texts(connection, byName.keySet()));
      claim.setArray(++i, Columns.ints(connection, byName.values()));
      claim.setArray(
          ++i,
          Columns.ints(connection, byName.keySet().stream().map(request::newestVersion).toList()));
      if (someQueues) {
        claim.setArray(++i, Columns.texts(connection, request.queues()));
      }
      int dueParameters = request.timers() ? 2 : 3;
      for (int n = 0; n < dueParameters; n++) {
        claim.setObject(++i, now);
      }
      claim.setArray(++i, Columns.texts(connection, request.held()));
      claim.setObject(++i, now);
      claim.setInt(++i, request.maxInstances());
      claim.setString(++i, request.owner());
      claim.setObject(++i, Instants.notBefore(expiresAt));
      claim.setObject(++i, now);
      claim.setObject(++i, now);
      claim.setObject(++i, now);
      claim.setInt(++i, request.maxEvents());
      claim.execute();
      // the plan setting's row, the absorb's update count, the turns' row, the claim's rows
      claim.getMoreResults();
      claim.getMoreResults();
      claim.getMoreResults();
      Map<String, Claimed> claimed = new LinkedHashMap<>();
      try (ResultSet rs = claim.getResultSet()) {
        while (rs.next()) {
          Claimed c = claimed.get(rs.getString("id"));
          if (c == null) {
            c =
                new Claimed(
                    InstanceRows.record(rs),
                    rs.getObject("lease_token", UUID.class),
                    rs.getInt("priority"),
                    rs.getObject("next_due_at", OffsetDateTime.class));
            claimed.put(c.record.id(), c);
          }
          if (rs.getObject("event_id") != null) {
            c.add(head(rs, c.record), request.now());
          }
        }
      }
      List<Claimed> sorted = new ArrayList<>(claimed.values());
      sorted.sort(
          Comparator.comparingInt(Claimed::priority)
              .thenComparing(Claimed::due)
              .thenComparing(c -> c.record.id()));
      return sorted;
    }
  }

  /** An event at the head of a claimed instance's queue, from the claim's row. */
  private static QueuedEvent head(ResultSet rs, InstanceRecord instance) throws SQLException {
    return new QueuedEvent(
        rs.getLong("event_id"),
        instance.id(),
        instance.machine(),
        EventJson.readEvent(rs.getString("event")),
        rs.getString("source"),
        rs.getString("event_conversation_id"),
        rs.getInt("attempts"),
        Instants.read(rs, "available_at"),
        Instants.read(rs, "enqueued_at"),
        EventJson.readErrors(rs.getString("errors")),
        Priority.ofLevel(rs.getInt("event_priority")),
        rs.getString("idempotency_key"),
        EventJson.readHeaders(rs.getString("headers")));
  }
}
