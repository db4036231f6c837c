package dev.clockwork.bench.durable;

import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.Parallel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ceiling: the least a durable queue consumer can do per event, in plain JDBC on the same
 * database — claim queue rows ({@code DELETE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)
 * RETURNING}), update each event's state row, insert a history row, commit; {@code batch} events
 * per transaction, on {@code threads} threads. No ordering per instance, no leases, no JSON
 * snapshot: it bounds what any design on this PostgreSQL could reach. Each thread claims above the
 * highest id it has claimed, so it never wades through the index entries of rows already deleted
 * (which a plain {@code ORDER BY id LIMIT n} does until vacuum removes them).
 */
final class RawCeiling {
  private static final String[] SCHEMA = {
    "DROP TABLE IF EXISTS raw_queue, raw_state, raw_history",
    "CREATE TABLE raw_state (instance_id int PRIMARY KEY, seen bigint NOT NULL)",
    """
    CREATE TABLE raw_queue (id bigserial PRIMARY KEY, instance_id int NOT NULL,
                            payload jsonb NOT NULL)
    """,
    """
    CREATE TABLE raw_history (instance_id int NOT NULL, seq bigint NOT NULL,
                              payload jsonb NOT NULL, PRIMARY KEY (instance_id, seq))
    """
  };

  private static final String CLAIM =
      """
      DELETE FROM raw_queue
       WHERE id IN (SELECT id FROM raw_queue WHERE id > ? ORDER BY id LIMIT ?
                       FOR UPDATE SKIP LOCKED)
      RETURNING id, instance_id, payload::text
      """;

  private static final String UPDATE = "UPDATE raw_state SET seen = seen + 1 WHERE instance_id = ?";

  private static final String INSERT =
      "INSERT INTO raw_history (instance_id, seq, payload) VALUES (?, ?, CAST(? AS jsonb))";

  record Result(int batch, int threads, boolean flushed, long ops, double seconds) {
    double perSecond() {
      return ops / seconds;
    }
  }

  private final BenchDatabase postgres;

  RawCeiling(BenchDatabase postgres) {
    this.postgres = postgres;
  }

  Result run(long ops, int batch, int threads, int instances) {
    postgres.execute(SCHEMA);
    postgres.execute(
        "INSERT INTO raw_state SELECT g, 0 FROM generate_series(0, " + (instances - 1) + ") g",
        "INSERT INTO raw_queue (instance_id, payload) SELECT g % "
            + instances
            + ", jsonb_build_object('n', g / "
            + instances
            + " + 1) FROM generate_series(0, "
            + (ops - 1)
            + ") g");
    postgres.settle();
    AtomicLong done = new AtomicLong();
    try (HikariDataSource pool = postgres.pool("raw", threads)) {
      double seconds =
          Parallel.run(
              threads,
              k -> {
                try (Connection connection = pool.getConnection()) {
                  connection.setAutoCommit(false);
                  long[] cursor = {0};
                  int n;
                  while ((n = round(connection, batch, cursor)) > 0) {
                    done.addAndGet(n);
                  }
                } catch (SQLException e) {
                  throw new IllegalStateException("raw ceiling failed: " + e.getMessage(), e);
                }
              });
      if (done.get() != ops) {
        throw new IllegalStateException("raw ceiling consumed " + done + " of " + ops);
      }
      return new Result(batch, threads, postgres.server().flushing(), ops, seconds);
    }
  }

  /** One transaction: claim up to {@code batch} events above the cursor, apply them, commit. */
  private static int round(Connection connection, int batch, long[] cursor) throws SQLException {
    record Claimed(long id, int instance, String payload) {}
    List<Claimed> claimed = new ArrayList<>(batch);
    try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
      claim.setLong(1, cursor[0]);
      claim.setInt(2, batch);
      try (ResultSet rs = claim.executeQuery()) {
        while (rs.next()) {
          claimed.add(new Claimed(rs.getLong(1), rs.getInt(2), rs.getString(3)));
          cursor[0] = Math.max(cursor[0], rs.getLong(1));
        }
      }
    }
    if (claimed.isEmpty()) {
      connection.commit();
      return 0;
    }
    // state rows in a fixed order, so concurrent transactions cannot deadlock
    claimed.sort((a, b) -> Integer.compare(a.instance(), b.instance()));
    try (PreparedStatement update = connection.prepareStatement(UPDATE);
        PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (Claimed event : claimed) {
        update.setInt(1, event.instance());
        update.addBatch();
        insert.setInt(1, event.instance());
        insert.setLong(2, event.id());
        insert.setString(3, event.payload());
        insert.addBatch();
      }
      update.executeBatch();
      insert.executeBatch();
    }
    connection.commit();
    return claimed.size();
  }
}
