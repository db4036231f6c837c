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
 * Leases on {@code cw_instances} for a synchronous send, and their renewal and release. A lease is
 * valid while its token is the stored one: a lease past its expiry still commits until another
 * worker takes the instance over (which replaces the token), as in the in-memory store. Each write
 * keeps the lease's row in {@code cw_leases} (what concurrency caps count) in the same statement.
 */
public final class Leases {
  private static final String LEASE =
      """
      WITH leased AS (
             UPDATE cw_instances
                SET lease_owner = ?, lease_token = gen_random_uuid(), lease_expires_at = ?
              WHERE id = ? AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
             RETURNING lease_token, lease_expires_at,
      """
          + InstanceRows.RECORD_COLUMNS
          + """
             ),
           listed AS (
             INSERT INTO cw_leases (instance_id, machine, expires_at)
             SELECT id, machine, lease_expires_at FROM leased
             ON CONFLICT (instance_id) DO UPDATE SET expires_at = EXCLUDED.expires_at)
      SELECT * FROM leased
      """;

  private static final String RENEW =
      """
      WITH renewed AS (
             UPDATE cw_instances SET lease_expires_at = ?
              WHERE id = ? AND lease_token = ?
             RETURNING id, lease_expires_at),
           listed AS (
             UPDATE cw_leases l SET expires_at = renewed.lease_expires_at
               FROM renewed
              WHERE l.instance_id = renewed.id)
      SELECT count(*) FROM renewed
      """;

  /** Clears the lease and, when the instance has work due, wakes the listening workers. */
  private static final String RELEASE =
      """
      WITH released AS (
             UPDATE cw_instances
                SET lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
              WHERE id = ? AND lease_token = ?
             RETURNING id, next_due_at),
           unlisted AS (
             DELETE FROM cw_leases WHERE instance_id = (SELECT id FROM released))
      SELECT pg_notify(?, '') FROM released WHERE next_due_at IS NOT NULL
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
            lease.setString(1, owner);
            lease.setObject(2, Instants.notBefore(expiresAt));
            lease.setString(3, instanceId);
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
            try (ResultSet rs = renew.executeQuery()) {
              rs.next();
              return rs.getLong(1) == 1
                  ? Optional.of(lease.renewedUntil(newExpiry))
                  : Optional.empty();
            }
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
