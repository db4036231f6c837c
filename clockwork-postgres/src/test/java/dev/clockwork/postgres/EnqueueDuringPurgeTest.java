package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.error.UnknownInstanceException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * An event with an idempotency key sent while a purge deletes its instance: the enqueue saw the
 * instance when it began, and the purge committed before the key's row was checked against it. The
 * caller gets the ordinary unknown-instance answer, not a database error.
 */
class EnqueueDuringPurgeTest extends StoreFixture {

  /** Waits until another session is waiting for a row lock (the enqueue, behind the purge). */
  private static boolean someoneWaitsForALock() {
    Object waiting =
        DB.single(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND"
                + " datname = current_database()");
    return ((Number) waiting).longValue() > 0;
  }

  @Test
  void aKeyedEnqueueRacingAPurgeIsAnUnknownInstance() throws SQLException {
    create("o-1");
    try (Connection purge = DB.dataSource().getConnection()) {
      purge.setAutoCommit(false);
      try (Statement statement = purge.createStatement()) {
        statement.execute("DELETE FROM cw_instances WHERE id = 'o-1'");
      }
      CompletableFuture<Object> enqueue =
          CompletableFuture.supplyAsync(
              () -> store.queue().enqueue(event("o-1", "PAY", T0).withIdempotencyKey("k")));
      await().atMost(Duration.ofSeconds(10)).until(EnqueueDuringPurgeTest::someoneWaitsForALock);
      purge.commit();

      assertThat(enqueue)
          .failsWithin(Duration.ofSeconds(10))
          .withThrowableOfType(Exception.class)
          .havingCause()
          .isInstanceOf(UnknownInstanceException.class);
    }
  }
}
