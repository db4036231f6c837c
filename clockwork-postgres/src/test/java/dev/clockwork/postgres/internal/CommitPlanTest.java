package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.StepCommit;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A commit's write of its instances gives their leases up and drops their pending-head markers by
 * key: the plan a commit's settings give ({@link Commits#SETTINGS}) reads {@code cw_leases} and
 * {@code cw_pending_heads} through their primary keys, never whole.
 */
class CommitPlanTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final String NOW = "'2026-01-01T00:00:00Z'";

  @BeforeAll
  static void aFewInstancesLeasedAmongManyLeasesGivenUp() throws SQLException {
    DB.truncateClockworkTables();
    try (PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build()) {
      List<StepCommit> inserts = new ArrayList<>();
      for (int i = 0; i < 5_000; i++) {
        inserts.add(StepCommit.insert(InstanceBuilder.instance("o-" + i).build()).build());
        if (inserts.size() == 1_000) {
          store.work().commit(inserts);
          inserts.clear();
        }
      }
    }
    DB.execute(
        "INSERT INTO cw_leases (instance_id, machine, owner, token, expires_at)"
            + " SELECT id, machine, 'w', gen_random_uuid(), now() + interval '1 hour'"
            + " FROM cw_instances");
    DB.execute(
        "INSERT INTO cw_pending_heads (instance_id, event_id, available_at, priority, attempts)"
            + " SELECT id, 1, now(), 2, 0 FROM cw_instances");
    // few live rows among many dead ones, as between two autovacuums of a busy engine
    DB.execute("DELETE FROM cw_leases WHERE instance_id NOT LIKE 'o-1_'");
    DB.execute("DELETE FROM cw_pending_heads WHERE instance_id NOT LIKE 'o-1_'");
    DB.execute("ANALYZE");
  }

  @Test
  void theInstanceUpdateDeletesLeasesAndMarkersByKey() throws SQLException {
    List<String> literals = new ArrayList<>();
    literals.add("'{o-1}'"); // ids
    literals.add("'{00000000-0000-0000-0000-000000000001}'"); // tokens
    literals.add("'{1}'"); // versions
    literals.addAll(Collections.nCopies(4, "'{x}'")); // status, active, context, timers
    literals.addAll(Collections.nCopies(3, "'{1}'")); // last entry, revision, history sequence
    literals.add("'{NULL}'"); // recorded history states
    literals.add("'{" + NOW.replace("'", "") + "}'"); // updated at
    literals.addAll(Collections.nCopies(3, "'{NULL}'")); // next timer, fire retry, its instant
    literals.add("false");
    literals.add("'clockwork_work'");
    String plan =
        GenericPlans.of(
            DB, Commits.SETTINGS, InstanceWrites.UPDATE, literals.toArray(String[]::new));

    assertThat(plan).doesNotContain("Seq Scan on cw_leases");
    assertThat(plan).doesNotContain("Seq Scan on cw_pending_heads");
    assertThat(plan).contains("cw_leases_pkey").contains("cw_pending_heads_pkey");
  }
}
