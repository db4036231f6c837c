package dev.clockwork.postgres;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.ConversationContractTest;
import dev.clockwork.runtime.store.Store;
import org.junit.jupiter.api.AfterEach;

/** Conversations (find-or-create emit targets, ids in history and dead letters) on PostgreSQL. */
class PostgresConversationTest extends ConversationContractTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private PostgresStore postgres;

  @Override
  protected Store newStore() {
    DB.truncateClockworkTables();
    postgres = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    return postgres;
  }

  @AfterEach
  void closeStore() {
    postgres.close();
  }
}
