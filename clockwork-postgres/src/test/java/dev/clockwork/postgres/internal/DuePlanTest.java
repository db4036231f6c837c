package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.StoreContract;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Claims and {@code nextDue} read due instances through their indexes, whatever the number of
 * timers armed for later: the generic plans every connection ends up with (see {@link
 * Jdbc#GENERIC_PLANS}) never scan {@code cw_instances} whole.
 */
class DuePlanTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final Instant T0 = StoreContract.T0;
  private static final String NOW = "'2026-01-01T00:00:00Z'";

  @BeforeAll
  static void manyTimersArmedForLaterAndAFewDue() throws SQLException {
    DB.truncateClockworkTables();
    try (PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build()) {
      List<StepCommit> inserts = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        Instant due = i < 10 ? T0.minusSeconds(1) : T0.plusSeconds(86_400 + i);
        InstanceRecord record =
            InstanceBuilder.instance("o-" + i)
                .timers(new ArmedTimer("waiting#EXPIRE", "EXPIRE", 2, T0, due, 0, false, null))
                .build();
        inserts.add(StepCommit.insert(record).build());
        if (inserts.size() == 1_000) {
          store.work().commit(inserts);
          inserts.clear();
        }
      }
    }
    DB.execute("ANALYZE");
  }

  @Test
  void aClaimRangeScansTheDueIndexAndLeasesByPrimaryKey() throws SQLException {
    String plan =
        genericPlan(
            lastStatement(Claims.CLAIM_ANY_DUE),
            NOW,
            "'{}'",
            "10",
            "'{order}'",
            "'{10}'",
            "'{3}'",
            NOW,
            NOW,
            "'{o-1,o-2}'",
            NOW,
            "10",
            "'w'",
            NOW,
            NOW,
            NOW,
            NOW,
            "10");

    assertThat(plan).contains("cw_instances_due").contains("cw_leases_pkey");
    assertThat(plan).as("the node's own instances, filtered by a hash").contains("hashed SubPlan");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void aClaimUnderBackpressureRangeScansTheHeadEventIndex() throws SQLException {
    String plan =
        genericPlan(
            lastStatement(Claims.CLAIM_EVENT_DUE),
            NOW,
            "'{}'",
            "10",
            "'{order}'",
            "'{10}'",
            "'{3}'",
            NOW,
            NOW,
            NOW,
            "'{o-1,o-2}'",
            NOW,
            "10",
            "'w'",
            NOW,
            NOW,
            NOW,
            NOW,
            "10");

    assertThat(plan).contains("cw_instances_next_event");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void nextDueProbesTheDueIndex() throws SQLException {
    String plan = genericPlan(DueWork.NEXT_DUE, "'{order}'", NOW, "'{order}'");

    assertThat(plan).contains("cw_instances_due");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  /** The claim proper: the last statement of the claim's round trip, its parameters from $1. */
  private static String lastStatement(String claim) {
    String[] statements = claim.split(";\n");
    return statements[statements.length - 1];
  }

  private static long seqScansOfInstances(String plan) {
    return Pattern.compile("Seq Scan on cw_instances\\b").matcher(plan).results().count();
  }

  /** The generic plan of {@code sql} (its {@code ?} parameters given as SQL literals). */
  private static String genericPlan(String sql, String... literals) throws SQLException {
    return GenericPlans.of(DB, sql, literals);
  }
}
