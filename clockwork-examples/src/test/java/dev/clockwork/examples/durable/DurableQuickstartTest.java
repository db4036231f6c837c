package dev.clockwork.examples.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class DurableQuickstartTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  @Test
  void theWorkersProcessTheQueuedEventOnPostgres() {
    DB.truncateClockworkTables();
    AtomicReference<String> id = new AtomicReference<>();
    DurableQuickstart.run(
        DB.url(),
        DB.user(),
        DB.password(),
        order -> {
          id.set(order.id());
          await()
              .atMost(Duration.ofSeconds(10))
              .until(
                  () ->
                      DB.single("SELECT active::text FROM cw_instances WHERE id = ?", order.id())
                          .toString()
                          .contains("awaiting_payment"));
        });
    try (PostgresStore store = PostgresStore.on(DB.dataSource())) {
      assertThat(store.instances().find(id.get()).orElseThrow().leafPaths())
          .containsExactly("awaiting_payment");
    }
  }
}
