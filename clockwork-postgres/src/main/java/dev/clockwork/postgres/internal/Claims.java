package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Claims on {@code cw_instances}: lease the instances whose head event is ready, with or without
 * per-machine concurrency caps, and read the events at the head of their queues.
 */
public final class Claims {
  /** Lock-and-fetch: leases the ready instances no valid lease holds, in one statement. */
  private static final String CLAIM =
      """
      UPDATE cw_instances
         SET lease_owner = ?, lease_token = gen_random_uuid(), lease_expires_at = ?
       WHERE id IN (
             SELECT id
               FROM cw_instances
              WHERE next_event_at <= ?
                AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
                AND (CAST(? AS text[]) IS NULL OR machine = ANY (CAST(? AS text[])))
                AND NOT EXISTS (SELECT 1 FROM cw_machine_queues p
                                 WHERE p.machine = cw_instances.machine AND p.paused)
              ORDER BY next_event_priority, next_event_at, next_event_id
              LIMIT ?
                FOR NO KEY UPDATE SKIP LOCKED)
      RETURNING id, machine, version, conversation_id, status, active, context, timers,
                last_entry_id, revision, history_seq, created_at, updated_at, lease_token,
                next_event_at, next_event_id,
                next_event_priority
      """;

  /** The first events of each claimed instance, in queue order. */
  private static final String HEADS =
      """
      SELECT q.instance_id, q.id, q.machine, q.event, q.source, q.conversation_id, q.attempts,
             q.available_at, q.enqueued_at, q.errors, q.priority, q.idempotency_key
        FROM unnest(CAST(? AS text[])) AS c(instance_id)
       CROSS JOIN LATERAL (
             SELECT *
               FROM cw_queue
              WHERE cw_queue.instance_id = c.instance_id
              ORDER BY cw_queue.id
              LIMIT ?) AS q
       ORDER BY q.instance_id, q.id
      """;

  private final Jdbc jdbc;

  public Claims(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public List<Claim> claim(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Set<String> machines) {
    if (maxInstances <= 0) {
      return List.of();
    }
    Instant expiresAt = now.plus(leaseTime);
    return jdbc.autoCommit(
        "claim instances",
        connection -> {
          List<Claimed> claimed =
              lockAndFetch(connection, owner, expiresAt, now, maxInstances, machines);
          return claims(connection, claimed, owner, expiresAt, maxEvents, now);
        });
  }

  /**
   * Takes each capped machine's turn, in the order given (name order, so claimers never deadlock).
   */
  private static final String TAKE_TURNS =
      """
      SELECT count(pg_advisory_xact_lock(hashtext('clockwork.claim.' || m)))
        FROM unnest(CAST(? AS text[])) AS m
      """;

  /**
   * Claims within the room each machine's cap leaves (its cap minus its valid leases), best heads
   * first across the machines: one statement for every capped machine. Each machine locks no more
   * candidates than the claim can take; the ones not taken are unlocked when the claim commits.
   */
  private static final String CLAIM_WITHIN_CAPS =
      """
      WITH room AS (
             SELECT c.machine,
                    LEAST(GREATEST(c.cap - (SELECT count(*) FROM cw_instances a
                                             WHERE a.machine = c.machine
                                               AND a.lease_expires_at > ?), 0), ?) AS room
               FROM unnest(CAST(? AS text[]), CAST(? AS int[])) AS c(machine, cap)
              WHERE NOT EXISTS (SELECT 1 FROM cw_machine_queues p
                                 WHERE p.machine = c.machine AND p.paused)),
           ready AS (
             SELECT r.id, r.next_event_priority, r.next_event_at, r.next_event_id
               FROM room
              CROSS JOIN LATERAL (
                    SELECT id, next_event_priority, next_event_at, next_event_id
                      FROM cw_instances
                     WHERE machine = room.machine
                       AND next_event_at <= ?
                       AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
                     ORDER BY next_event_priority, next_event_at, next_event_id
                     LIMIT room.room
                       FOR NO KEY UPDATE SKIP LOCKED) AS r
              ORDER BY r.next_event_priority, r.next_event_at, r.next_event_id
              LIMIT ?)
      UPDATE cw_instances
         SET lease_owner = ?, lease_token = gen_random_uuid(), lease_expires_at = ?
       WHERE id IN (SELECT id FROM ready)
      RETURNING id, machine, version, conversation_id, status, active, context, timers,
                last_entry_id, revision, history_seq, created_at, updated_at, lease_token,
                next_event_at, next_event_id,
                next_event_priority
      """;

  /**
   * Claims under per-machine concurrency caps. Claimers of one capped machine take turns (a
   * transaction-scoped advisory lock per machine, taken in name order), count the valid leases, and
   * claim no more than the room left, so a cap holds across every node. Three round trips whatever
   * the number of machines: the turns, the claim, the events.
   */
  public List<Claim> claimWithinCaps(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Map<String, Integer> caps) {
    if (maxInstances <= 0 || caps.isEmpty()) {
      return List.of();
    }
    Instant expiresAt = now.plus(leaseTime);
    Map<String, Integer> byName = new TreeMap<>(caps);
    Object[] machines = byName.keySet().toArray();
    return jdbc.inTransaction(
        "claim instances within concurrency caps",
        connection -> {
          try (PreparedStatement turns = connection.prepareStatement(TAKE_TURNS)) {
            turns.setArray(1, connection.createArrayOf("text", machines));
            turns.executeQuery().close();
          }
          List<Claimed> claimed;
          try (PreparedStatement claim = connection.prepareStatement(CLAIM_WITHIN_CAPS)) {
            int i = 0;
            claim.setObject(++i, Instants.notAfter(now));
            claim.setInt(++i, maxInstances);
            claim.setArray(++i, connection.createArrayOf("text", machines));
            claim.setArray(++i, connection.createArrayOf("int4", byName.values().toArray()));
            claim.setObject(++i, Instants.notAfter(now));
            claim.setObject(++i, Instants.notAfter(now));
            claim.setInt(++i, maxInstances);
            claim.setString(++i, owner);
            claim.setObject(++i, Instants.notBefore(expiresAt));
            claimed = claimed(claim);
          }
          return claims(connection, claimed, owner, expiresAt, maxEvents, now);
        });
  }

  /** The claims of leased instances, each with the available events at the head of its queue. */
  private static List<Claim> claims(
      Connection connection,
      List<Claimed> claimed,
      String owner,
      Instant expiresAt,
      int maxEvents,
      Instant now)
      throws SQLException {
    if (claimed.isEmpty()) {
      return List.of();
    }
    Map<String, List<QueuedEvent>> events = heads(connection, claimed, maxEvents, now);
    List<Claim> claims = new ArrayList<>(claimed.size());
    for (Claimed c : claimed) {
      Lease lease = new Lease(c.record.id(), owner, c.token, expiresAt);
      claims.add(new Claim(lease, c.record, events.getOrDefault(c.record.id(), List.of())));
    }
    return claims;
  }

  private record Claimed(
      InstanceRecord record,
      UUID token,
      OffsetDateTime nextEventAt,
      long nextEventId,
      int nextEventPriority) {}

  private static List<Claimed> lockAndFetch(
      Connection connection,
      String owner,
      Instant expiresAt,
      Instant now,
      int maxInstances,
      Set<String> machines)
      throws SQLException {
    try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
      int i = 0;
      claim.setString(++i, owner);
      claim.setObject(++i, Instants.notBefore(expiresAt));
      claim.setObject(++i, Instants.notAfter(now));
      claim.setObject(++i, Instants.notAfter(now));
      if (machines == null) {
        claim.setNull(++i, Types.ARRAY);
        claim.setNull(++i, Types.ARRAY);
      } else {
        claim.setArray(++i, connection.createArrayOf("text", machines.toArray()));
        claim.setArray(++i, connection.createArrayOf("text", machines.toArray()));
      }
      claim.setInt(++i, maxInstances);
      return claimed(claim);
    }
  }

  /** The instances a claim statement leased, best head first. */
  private static List<Claimed> claimed(PreparedStatement claim) throws SQLException {
    List<Claimed> claimed = new ArrayList<>();
    try (ResultSet rs = claim.executeQuery()) {
      while (rs.next()) {
        claimed.add(
            new Claimed(
                InstanceRows.record(rs),
                rs.getObject("lease_token", UUID.class),
                rs.getObject("next_event_at", OffsetDateTime.class),
                rs.getLong("next_event_id"),
                rs.getInt("next_event_priority")));
      }
    }
    claimed.sort(
        Comparator.comparingInt(Claimed::nextEventPriority)
            .thenComparing(Claimed::nextEventAt)
            .thenComparingLong(Claimed::nextEventId));
    return claimed;
  }

  /** Up to {@code maxEvents} events per instance, stopping at the first not available at now. */
  private static Map<String, List<QueuedEvent>> heads(
      Connection connection, List<Claimed> claimed, int maxEvents, Instant now)
      throws SQLException {
    Map<String, List<QueuedEvent>> events = new LinkedHashMap<>();
    if (maxEvents <= 0) {
      return events;
    }
    try (PreparedStatement select = connection.prepareStatement(HEADS)) {
      select.setArray(
          1, connection.createArrayOf("text", claimed.stream().map(c -> c.record.id()).toArray()));
      select.setInt(2, maxEvents);
      Map<String, Boolean> blocked = new LinkedHashMap<>();
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          QueuedEvent event = QueueRows.queued(rs, "id");
          String id = event.instanceId();
          if (blocked.getOrDefault(id, false) || event.availableAt().isAfter(now)) {
            blocked.put(id, true);
            continue;
          }
          events.computeIfAbsent(id, k -> new ArrayList<>()).add(event);
        }
      }
    }
    return events;
  }
}
