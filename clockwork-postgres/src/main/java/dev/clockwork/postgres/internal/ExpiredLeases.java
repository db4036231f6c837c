package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.store.ExpiredLease;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Leases held past their expiry, read from {@code cw_leases} (only the instances being processed).
 */
public final class ExpiredLeases {
  private static final String EXPIRED =
      """
      SELECT l.instance_id, l.machine, l.owner, l.expires_at
        FROM cw_leases l
       WHERE l.expires_at <= ?
       ORDER BY l.expires_at, l.instance_id
       LIMIT ?
      """;

  private final Jdbc jdbc;

  public ExpiredLeases(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public List<ExpiredLease> at(Instant now, int limit) {
    return jdbc.autoCommit(
        "list the expired leases",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(EXPIRED)) {
            select.setObject(1, Instants.notAfter(now));
            select.setInt(2, limit);
            List<ExpiredLease> leases = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                leases.add(
                    new ExpiredLease(
                        rs.getString("instance_id"),
                        rs.getString("machine"),
                        rs.getString("owner"),
                        Instants.read(rs, "expires_at")));
              }
            }
            return leases;
          }
        });
  }
}
