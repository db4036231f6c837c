package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.StoreContract;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node serving some queues reads its due instances through {@code cw_instances_queue_due}, and
 * instances are found by labels and search attributes through their GIN indexes: the generic plans
 * every connection ends up with never scan {@code cw_instances} whole, however many instances of
 * other queues, or without labels, there are.
 */
class MetadataPlanTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final Instant T0 = StoreContract.T0;
  private static final String NOW = "'2026-01-01T00:00:00Z'";
  private static final List<String> QUEUES = List.of("default", "high-priority", "reports", "bulk");

  @BeforeAll
  static void manyInstancesInFourQueuesAFewDueAndAFewLabelled() throws SQLException {
    DB.truncateClockworkTables();
    try (PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build()) {
      List<StepCommit> inserts = new ArrayList<>();
      for (int i = 0; i < 20_000; i++) {
        Instant due = i < 40 ? T0.minusSeconds(1) : T0.plusSeconds(86_400 + i);
        boolean labelled = i % 500 == 0;
        InstanceMetadata metadata =
            new InstanceMetadata(
                QUEUES.get(i % QUEUES.size()),
                labelled ? Map.of("team", "team-" + i) : Map.of(),
                Map.of(),
                labelled ? Map.of("tenant_id", (long) i) : Map.of());
        inserts.add(
            StepCommit.insert(
                    InstanceBuilder.instance("o-" + i)
                        .metadata(metadata)
                        .timers(
                            new ArmedTimer("waiting#EXPIRE", "EXPIRE", 2, T0, due, 0, false, null))
                        .build())
                .build());
        if (inserts.size() == 1_000) {
          store.work().commit(inserts);
          inserts.clear();
        }
      }
    }
    DB.execute("ANALYZE");
  }

  @Test
  void aClaimOfSomeQueuesRangeScansTheQueueDueIndex() throws SQLException {
    String plan =
        genericPlan(
            lastStatement(Claims.CLAIM_ANY_DUE_IN_QUEUES),
            NOW,
            "'{}'",
            "10",
            "'{order}'",
            "'{10}'",
            "'{3}'",
            "'{high-priority}'",
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

    assertThat(plan).contains("cw_instances_queue_due").contains("cw_leases_pkey");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void aClaimOfSomeQueuesUnderBackpressureRangeScansTheQueueDueIndex() throws SQLException {
    String plan =
        genericPlan(
            lastStatement(Claims.CLAIM_EVENT_DUE_IN_QUEUES),
            NOW,
            "'{}'",
            "10",
            "'{order}'",
            "'{10}'",
            "'{3}'",
            "'{high-priority}'",
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

    assertThat(plan).contains("cw_instances_queue_due");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void nextDueOfSomeQueuesProbesTheQueueDueIndex() throws SQLException {
    String plan =
        genericPlan(
            DueWork.NEXT_DUE_IN_QUEUES,
            "'{order}'",
            "'{high-priority}'",
            NOW,
            "'{order}'",
            "'{high-priority}'");

    assertThat(plan).contains("cw_instances_queue_due");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void instancesAreFoundByLabelThroughTheLabelIndex() throws SQLException {
    String plan =
        genericPlan(
            InstanceSearch.sql(true, true, false),
            "''",
            "'order'",
            "'{\"team\": \"team-500\"}'",
            "100");

    assertThat(plan).contains("cw_instances_labels");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void instancesAreFoundBySearchAttributeThroughItsIndex() throws SQLException {
    String plan =
        genericPlan(InstanceSearch.sql(false, false, true), "''", "'{\"tenant_id\": 500}'", "100");

    assertThat(plan).contains("cw_instances_search_attributes");
    assertThat(seqScansOfInstances(plan)).isZero();
  }

  @Test
  void aPageOfInstancesReadsThePrimaryKeyInIdOrder() throws SQLException {
    String everyMachine = genericPlan(InstanceSearch.sql(false, false, false), "''", "51");
    String oneMachine =
        genericPlan(InstanceSearch.sql(true, false, false), "'o-5'", "'order'", "51");

    assertThat(everyMachine).contains("cw_instances_pkey");
    assertThat(seqScansOfInstances(everyMachine)).isZero();
    assertThat(seqScansOfInstances(oneMachine)).isZero();
  }

  @Test
  void instancesAreFoundByActiveStateAndByConversationThroughIndexes() throws SQLException {
    String byState =
        genericPlan(
            InstanceSearch.sql(true, false, false, true, false),
            "''",
            "'order'",
            "'[{\"path\": \"waiting\"}]'",
            "51");
    String byConversation =
        genericPlan(InstanceSearch.sql(false, false, false, false, true), "''", "'conv-o-7'", "51");

    assertThat(seqScansOfInstances(byState)).isZero();
    assertThat(byConversation).contains("cw_instances_conversation");
    assertThat(seqScansOfInstances(byConversation)).isZero();
  }

  @Test
  void aNamespacesSearchUsesTheIndexesOfTheSameSearchInEveryNamespace() throws SQLException {
    String tenantPage =
        genericPlan(
            InstanceSearch.sql(false, false, false, false, false, "tenant-a"),
            "''",
            "'tenant-a'",
            "51");
    String defaultPage =
        genericPlan(InstanceSearch.sql(false, false, false, false, false, "default"), "''", "51");
    String tenantByLabel =
        genericPlan(
            InstanceSearch.sql(true, true, false, false, false, "tenant-a"),
            "''",
            "'order'",
            "'{\"team\": \"team-500\"}'",
            "'tenant-a'",
            "100");

    assertThat(tenantPage).contains("cw_instances_pkey");
    assertThat(seqScansOfInstances(tenantPage)).isZero();
    assertThat(defaultPage).contains("cw_instances_pkey");
    assertThat(seqScansOfInstances(defaultPage)).isZero();
    assertThat(tenantByLabel).contains("cw_instances_labels");
    assertThat(seqScansOfInstances(tenantByLabel)).isZero();
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
