package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Claim;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Leases in {@code cw_leases} for a synchronous send, and their renewal and release. A lease is
 * valid while its token is the stored one: a lease past its expiry still commits until another
 * worker takes the instance over (which replaces the token), as in the in-memory store. Taking a
 * lease holds the instance row's lock (what a commit relies on to read tokens nobody replaces).
 */
public final class Leases {
  private static final String TAKE =
      """
      INSERT INTO cw_leases AS a (instance_id, machine, owner, token, expires_at)
      SELECT id, machine, ?, gen_random_uuid(), ? FROM %s
      ON CONFLICT (instance_id) DO UPDATE
         SET owner = EXCLUDED.owner, token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
       WHERE a.expires_at <= ?
      RETURNING a.instance_id, a.token, a.expires_at""";

  /**
   * Locks the instance row (waiting for a claim or a commit that holds it), then leases it unless a
   * valid lease holds it: the row comes from the locking read, so it is the latest version.
   */
  private static final String LEASE =
      """
      WITH target AS (
             SELECT %s
               FROM cw_instances
              WHERE id = ?
                FOR NO KEY UPDATE),
           taken AS (%s)
      SELECT target.*, taken.token AS lease_token FROM target, taken
      """
          .formatted(InstanceRows.RECORD_COLUMNS.strip(), take("target"));

  /**
   * The one rule for taking leases, of the rows of {@code source} (columns {@code id, machine}):
   * each is inserted, or takes over a lease that has expired ({@code ON CONFLICT} sees the latest
   * committed lease, so of two takers of one row only one gets it); returns the leases taken. Its
   * parameters: owner, expiry, now. Its caller holds the instance rows' locks, as every writer of a
   * lease does.
   */
  static String take(String source) {
    return TAKE.formatted(source);
  }

  private static final String RENEW =
      "UPDATE cw_leases SET expires_at = ? WHERE instance_id = ? AND token = ?";

  /** Gives the lease up and, when the instance has work due, wakes the listening workers. */
  private static final String RELEASE =
      """
      WITH released AS (
             DELETE FROM cw_leases WHERE instance_id = ? AND token = ? RETURNING instance_id)
      SELECT pg_notify(?, '')
        FROM released r JOIN cw_instances i ON i.id = r.instance_id
       WHERE i.next_due_at IS NOT NULL
      """;

  private final Jdbc jdbc;

  public Leases(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    Instant expiresAt = now.plus(leaseTime);
    return jdbc.autoCommit(
        "lease instance '" + instanceId + "'",
        connection -> {
          try (PreparedStatement lease = connection.prepareStatement(LEASE)) {
            lease.setString(1, instanceId);
            lease.setString(2, owner);
            lease.setObject(3, Instants.notBefore(expiresAt));
            lease.setObject(4, Instants.notAfter(now));
            try (ResultSet rs = lease.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              UUID token = rs.getObject("lease_token", UUID.class);
              return Optional.of(
                  new Claim(
                      new Lease(instanceId, owner, token, expiresAt),
                      InstanceRows.record(rs),
                      List.of()));
            }
          }
        });
  }

  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    return jdbc.autoCommit(
        "renew the lease on '" + lease.instanceId() + "'",
        connection -> {
          try (PreparedStatement renew = connection.prepareStatement(RENEW)) {
            renew.setObject(1, Instants.notBefore(newExpiry));
            renew.setString(2, lease.instanceId());
            renew.setObject(3, lease.token());
            return renew.executeUpdate() == 1
                ? Optional.of(lease.renewedUntil(newExpiry))
                : Optional.empty();
          }
        });
  }

  public void release(Lease lease) {
    jdbc.autoCommit(
        "release the lease on '" + lease.instanceId() + "'",
        connection -> {
          try (PreparedStatement release = connection.prepareStatement(RELEASE)) {
            release.setString(1, lease.instanceId());
            release.setObject(2, lease.token());
            release.setString(3, QueueRows.CHANNEL);
            release.executeQuery().close();
            return null;
          }
        });
  }
}
