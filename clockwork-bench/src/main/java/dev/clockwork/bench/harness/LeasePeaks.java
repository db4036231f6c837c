package dev.clockwork.bench.harness;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * The most leases each machine held at once, counted by the database itself: a trigger on {@code
 * cw_leases} (the rows concurrency caps count) records, after every statement that takes a lease,
 * how many rows the machine has. With one engine its claims run one at a time, so this is the exact
 * peak of leases held, the figure a cap bounds; the engine's listener can only give an estimate
 * (its start and commit instants are read around the database's, not by it).
 */
public final class LeasePeaks {
  private static final String[] INSTALL = {
    "CREATE TABLE bench_lease_peaks (machine text PRIMARY KEY, peak int NOT NULL)",
    """
    CREATE FUNCTION bench_count_leases() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO bench_lease_peaks AS p (machine, peak)
        SELECT NEW.machine, count(*) FROM cw_leases WHERE machine = NEW.machine
        ON CONFLICT (machine) DO UPDATE SET peak = EXCLUDED.peak WHERE EXCLUDED.peak > p.peak;
      RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER bench_count_leases AFTER INSERT OR UPDATE ON cw_leases
      FOR EACH ROW EXECUTE FUNCTION bench_count_leases()
    """
  };

  private LeasePeaks() {}

  /** Starts counting on {@code database} (before the engine starts). */
  public static void install(BenchDatabase database) {
    database.execute(INSTALL);
  }

  /** The most leases each machine held at once since {@link #install}, by machine name. */
  public static Map<String, Integer> read(BenchDatabase database) {
    Map<String, Integer> peaks = new TreeMap<>();
    try (Connection connection = database.harness().getConnection();
        Statement select = connection.createStatement();
        ResultSet rows = select.executeQuery("SELECT machine, peak FROM bench_lease_peaks")) {
      while (rows.next()) {
        peaks.put(rows.getString(1), rows.getInt(2));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("reading lease peaks failed: " + e.getMessage(), e);
    }
    return peaks;
  }
}
