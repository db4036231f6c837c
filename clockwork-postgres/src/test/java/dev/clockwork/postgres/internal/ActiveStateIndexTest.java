package dev.clockwork.postgres.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The index behind broadcasts and state lists ({@code cw_instances_active}, V26) holds the active
 * state paths and nothing an entry makes unique, so turns that enter states all day leave it the
 * size its states need; and the condition the store asks for a state with is one it answers.
 */
class ActiveStateIndexTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final int INSTANCES = 5_000;

  /** Every instance enters another of five states, with a new entry id and entry time. */
  private static final String TURN =
      """
      UPDATE cw_instances
         SET active = jsonb_build_array(jsonb_build_object(
               'path', 's' || ((substr(id, 3)::int + %d) %% 5),
               'entryId', md5(random()::text), 'enteredAt', clock_timestamp()::text))
      """;

  @BeforeAll
  static void instancesInFiveStates() {
    DB.truncateClockworkTables();
    DB.execute(
        """
        INSERT INTO cw_instances (id, machine, version, conversation_id, status, active, context,
                                  timers, last_entry_id, revision, history_seq, created_at,
                                  updated_at)
        SELECT 'i-' || n, 'order', 1, 'conv-' || n, 'ACTIVE', '[]', '{}', '[]', 0, 1, 1, now(),
               now()
          FROM generate_series(1, %d) AS n
        """
            .formatted(INSTANCES));
    DB.execute(TURN.formatted(0));
    DB.execute("VACUUM ANALYZE cw_instances");
  }

  @Test
  void enteringStatesAllDayDoesNotGrowTheIndex() {
    long before = indexBytes();
    for (int turn = 1; turn <= 20; turn++) {
      DB.execute(TURN.formatted(turn));
      DB.execute("VACUUM cw_instances");
    }

    // Indexing every value of the entries grew it 6.6x here (a pair of new keys per turn that a
    // GIN entry tree never drops); the paths alone stay within the pages vacuum gives back.
    assertThat(indexBytes()).as("bytes before: %d", before).isLessThan(3 * before);
  }

  /** The condition matches the indexed expression: without a table scan, the index answers it. */
  @Test
  void theStateConditionIsAnsweredByTheIndex() throws Exception {
    String plan =
        GenericPlans.of(
            DB,
            "SET LOCAL enable_seqscan = off",
            "SELECT id FROM cw_instances WHERE " + ActiveStateFilter.CONDITION,
            new String[] {"'s1'"});

    assertThat(plan).contains("Bitmap Index Scan on cw_instances_active");
  }

  private static long indexBytes() {
    return (Long) DB.single("SELECT pg_relation_size(CAST('cw_instances_active' AS regclass))");
  }
}
