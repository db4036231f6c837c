package dev.clockwork.postgres.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a turn's writes maintain (V18): no foreign key check per history row or queued event, the
 * engine keeps what an instance owns with the instance instead, and the queue-like tables are
 * vacuumed by a fixed number of dead rows; the tables retention empties (V25) after a small
 * fraction of theirs.
 */
class LeanTurnsSchemaTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  /** The tables whose rows belong to an instance and lost their foreign key to it. */
  private static final List<String> OWNED = List.of("cw_history", "cw_queue");

  private static final String FOREIGN_KEYS =
      """
      SELECT count(*) FROM pg_constraint
       WHERE contype = 'f' AND conrelid = CAST(? AS regclass)
         AND confrelid = CAST('cw_instances' AS regclass)
      """;

  private static final String OPTIONS =
      "SELECT array_to_string(reloptions, ',') FROM pg_class WHERE oid = CAST(? AS regclass)";

  @Test
  void historyAndQueueRowsAreNotCheckedAgainstTheirInstanceRow() {
    for (String table : OWNED) {
      assertThat(DB.single(FOREIGN_KEYS, table)).as(table).isEqualTo(0L);
    }
  }

  @Test
  void tablesRetentionEmptiesAreVacuumedAfterASmallFractionOfDeadRows() {
    assertThat((String) DB.single(OPTIONS, "cw_instances"))
        .contains("autovacuum_vacuum_scale_factor=0.02")
        .contains("autovacuum_vacuum_threshold=1000")
        .contains("autovacuum_vacuum_cost_delay=1");
    assertThat((String) DB.single(OPTIONS, "cw_history"))
        .contains("autovacuum_vacuum_scale_factor=0.02")
        .contains("autovacuum_vacuum_threshold=2000")
        .contains("autovacuum_vacuum_cost_delay=1");
  }

  @Test
  void queueLikeTablesAreVacuumedAfterAFixedNumberOfDeadRows() {
    for (String table : List.of("cw_leases", "cw_pending_heads")) {
      assertThat((String) DB.single(OPTIONS, table))
          .as(table)
          .contains("autovacuum_vacuum_scale_factor=0,")
          .contains("autovacuum_vacuum_threshold=500")
          .contains("autovacuum_vacuum_cost_delay=0");
    }
    assertThat((String) DB.single(OPTIONS, "cw_queue"))
        .contains("autovacuum_vacuum_scale_factor=0.02")
        .contains("autovacuum_vacuum_threshold=2000");
  }

  /**
   * Nothing deletes instance rows today; code that will (retention) must delete the rows the
   * instance owns in the same statement or transaction, as the foreign keys no longer refuse an
   * instance delete that leaves them behind. This holds every main source file of the store to it.
   */
  @Test
  void codeThatDeletesInstancesDeletesWhatTheyOwnBesideIt() throws IOException {
    List<String> offenders = new ArrayList<>();
    try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
      for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
        String text = Files.readString(source).toLowerCase(Locale.ROOT);
        if (text.contains("delete from cw_instances")) {
          for (String owned : OWNED) {
            if (!text.contains("delete from " + owned)) {
              offenders.add(source + " deletes instances but not their " + owned + " rows");
            }
          }
        }
      }
    }
    assertThat(offenders).isEmpty();
  }
}
