package dev.clockwork.postgres.internal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;

/** PostgreSQL's clock, which every node on the database shares ({@code clock_timestamp()}). */
public final class DatabaseClock {
  private static final String NOW = "SELECT clock_timestamp()";

  private final Jdbc jdbc;

  public DatabaseClock(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public Instant now() {
    return jdbc.autoCommit(
        "read the database's clock",
        connection -> {
          try (PreparedStatement now = connection.prepareStatement(NOW);
              ResultSet rs = now.executeQuery()) {
            rs.next();
            return rs.getObject(1, OffsetDateTime.class).toInstant();
          }
        });
  }
}
