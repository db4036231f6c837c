package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * One node runs a retention pass at a time through a lease row, not a lock held on a connection:
 * with the smallest pool (one connection taken by the work listener) the pass's own statements
 * still get a connection, and a lease left by a node that died is taken once it expires.
 */
class RetentionLeaseTest extends StoreFixture {

  @Test
  void aPassRunsWithTheSmallestPoolWhileOneConnectionIsTaken() throws Exception {
    try (PostgresStore small =
        PostgresStore.builder()
            .url(DB.url())
            .user(DB.user())
            .password(DB.password())
            .poolSize(2)
            .migrate(false)
            .build()) {
      DataSource pool = small.dataSource();
      try (Connection listener = pool.getConnection()) { // as the work listener holds one
        boolean ran =
            assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () ->
                    small
                        .retention()
                        .exclusively(() -> small.retention().purgeOperatorLog(Instant.EPOCH, 10)));
        assertThat(ran).isTrue();
      }
    }
  }

  @Test
  void aLeaseLeftByADeadNodeIsTakenOnceItExpires() {
    DB.execute(
        "INSERT INTO cw_leases_by_name VALUES ('retention', gen_random_uuid(),"
            + " now() + interval '1 minute')");
    assertThat(store.retention().exclusively(() -> {})).as("a live lease").isFalse();

    DB.execute("UPDATE cw_leases_by_name SET expires_at = now() - interval '1 second'");
    assertThat(store.retention().exclusively(() -> {})).as("an expired lease").isTrue();
    assertThat(DB.single("SELECT count(*) FROM cw_leases_by_name"))
        .as("given back after the pass")
        .isEqualTo(0L);
  }
}
