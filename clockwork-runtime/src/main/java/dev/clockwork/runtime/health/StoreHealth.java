package dev.clockwork.runtime.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The store's line of a health report: healthy while the workers' store calls succeed, critical
 * while the store refuses them (a read-only or full database, a database that cannot be reached),
 * with the cause in words and since when; it clears itself with the first call that succeeds.
 */
public final class StoreHealth {
  /** The subject of the store's check. */
  public static final String SUBJECT = "store";

  private StoreHealth() {}

  /** {@code report} with the store's check added (and advice when the store is failing). */
  public static HealthReport add(HealthReport report, Optional<StoreOutage> outage) {
    List<HealthCheck> checks = new ArrayList<>(report.checks());
    List<String> advice = new ArrayList<>(report.recommendations());
    if (outage.isEmpty()) {
      checks.add(new HealthCheck(SUBJECT, HealthLevel.HEALTHY, "no recent store failures"));
      return new HealthReport(report.overall(), checks, advice);
    }
    checks.add(new HealthCheck(SUBJECT, HealthLevel.CRITICAL, outage.get().describe()));
    advice.add(
        "Check the database: "
            + outage.get().cause()
            + " (a full disk, a failover to a read-only standby, default_transaction_read_only,"
            + " the network); nothing is lost meanwhile, and the workers resume by themselves"
            + " once the store accepts writes again");
    return new HealthReport(HealthLevel.CRITICAL, checks, advice);
  }
}
