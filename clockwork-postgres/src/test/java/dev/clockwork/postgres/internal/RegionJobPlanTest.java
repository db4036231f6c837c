package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.sql.SQLException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Region job claims and {@code nextJobDue} read through their indexes, whatever the number of jobs
 * leased or waiting for a later retry (a claim moves a job's availability to its lease's expiry, so
 * leased jobs lie outside the range a claim scans): the generic plans never scan {@code
 * cw_region_jobs} whole, and a job claimed by hand is found by its primary key.
 */
class RegionJobPlanTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final String NOW = "'2026-01-01T00:00:00Z'";
  private static final String LATER = "'2026-01-01T00:10:00Z'";

  /** The lease expiries of the machines {@code order} and {@code report}, one each. */
  private static final String LATER_EACH = "'{2026-01-01T00:10:00Z,2026-01-01T00:00:20Z}'";

  @BeforeAll
  static void manyJobsLeasedOrWaitingAndAFewAvailable() {
    DB.truncateClockworkTables();
    DB.execute(
        """
        INSERT INTO cw_region_jobs (instance_id, machine, queue, parallel_state, parallel_entry,
                                    region, initial_state, initial_entry, baseline, trigger_type,
                                    trigger_payload, attempts, created_at, available_at,
                                    lease_owner, lease_token, lease_expires_at)
        SELECT 'o-' || i, 'order', CASE WHEN i % 2 = 0 THEN 'regions' END, 'p', 2, 'p.r' || (i % 3),
               'p.r' || (i % 3) || '.w', 3, '{}', '@init', '{}', 1,
               timestamptz '2025-12-31T00:00:00Z',
               CASE WHEN i < 10 THEN timestamptz '2025-12-31T23:59:00Z'
                    ELSE timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => 60 + i) END,
               CASE WHEN i >= 10 AND i % 4 = 0 THEN 'w' END,
               CASE WHEN i >= 10 AND i % 4 = 0 THEN gen_random_uuid() END,
               CASE WHEN i >= 10 AND i % 4 = 0
                    THEN timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => 60 + i) END
          FROM generate_series(0, 19999) AS i
        """);
    DB.execute("ANALYZE cw_region_jobs");
  }

  @Test
  void aClaimOfEveryQueueRangeScansTheAvailabilityIndex() throws SQLException {
    String plan =
        genericPlan(
            RegionJobs.CLAIM_ANY_QUEUE,
            NOW,
            NOW,
            "'{order,report}'",
            "8",
            "'w'",
            "'{order,report}'",
            LATER_EACH);

    assertThat(plan).as(plan).contains("cw_region_jobs_available").contains("cw_region_jobs_pkey");
    assertThat(seqScans(plan)).as(plan).isZero();
  }

  @Test
  void aClaimOfSomeQueuesRangeScansAnAvailabilityIndex() throws SQLException {
    String plan =
        genericPlan(
            RegionJobs.CLAIM_IN_QUEUES,
            "'{regions,default}'",
            NOW,
            NOW,
            "'{order,report}'",
            "8",
            "8",
            "'w'",
            "'{order,report}'",
            LATER_EACH);

    assertThat(plan).as(plan).containsPattern("Index Cond: \\(.*available_at <= \\$2");
    assertThat(plan).as(plan).contains("cw_region_jobs_pkey");
    assertThat(seqScans(plan)).as(plan).isZero();
  }

  @Test
  void aJobClaimedByHandIsFoundByItsKey() throws SQLException {
    String plan = genericPlan(RegionJobs.CLAIM_ONE, "'o-3'", "3", NOW, NOW, "'w'", LATER, LATER);

    assertThat(plan).contains("cw_region_jobs_pkey");
    assertThat(seqScans(plan)).isZero();
  }

  @Test
  void nextJobDueProbesTheIndexes() throws SQLException {
    assertThat(seqScans(genericPlan(RegionJobs.NEXT_DUE_ANY_QUEUE, "'{order}'", "'{order}'")))
        .isZero();
    assertThat(seqScans(genericPlan(RegionJobs.NEXT_DUE_IN_QUEUES, "'{regions}'", "NULL", "NULL")))
        .isZero();
  }

  private static long seqScans(String plan) {
    return Pattern.compile("Seq Scan on cw_region_jobs\\b").matcher(plan).results().count();
  }

  /** The generic plan of {@code sql} (its {@code ?} parameters given as SQL literals). */
  private static String genericPlan(String sql, String... literals) throws SQLException {
    return GenericPlans.of(DB, sql, literals);
  }
}
