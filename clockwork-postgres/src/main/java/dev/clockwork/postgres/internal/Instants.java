package dev.clockwork.postgres.internal;

import dev.clockwork.core.time.IsoInstants;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Instants to and from {@code timestamptz}, which keeps microseconds. The store decides nothing
 * early: instants that say when something may happen (a due timer, an available event, a lease's
 * expiry) are rounded up to the microsecond, and the engine's "now" is rounded down before it is
 * compared with them. Other instants (creation, history) are truncated to the microsecond.
 */
public final class Instants {
  private Instants() {}

  /** {@code instant} rounded up to the microsecond: never earlier than the engine meant. */
  public static OffsetDateTime notBefore(Instant instant) {
    Instant truncated = instant.truncatedTo(ChronoUnit.MICROS);
    Instant up = truncated.equals(instant) ? instant : truncated.plus(1, ChronoUnit.MICROS);
    return up.atOffset(ZoneOffset.UTC);
  }

  /** {@code instant} truncated to the microsecond: for "now" and for plain records of when. */
  public static OffsetDateTime notAfter(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC);
  }

  /** {@link #notBefore} as ISO-8601 text (for array parameters cast to {@code timestamptz[]}). */
  public static String textNotBefore(Instant instant) {
    return instant == null ? null : IsoInstants.format(notBefore(instant).toInstant());
  }

  /** {@link #notAfter} as ISO-8601 text (for array parameters cast to {@code timestamptz[]}). */
  public static String textNotAfter(Instant instant) {
    return instant == null ? null : IsoInstants.format(notAfter(instant).toInstant());
  }

  /** The instant in {@code column}, or null. */
  public static Instant read(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
