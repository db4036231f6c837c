package dev.clockwork.postgres.contract;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The database the contract suites run on: one for every suite of the JVM, emptied for each test,
 * with the stores a test opened closed after it.
 */
final class ContractDatabase implements AfterEachCallback {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private final List<PostgresStore> opened = new ArrayList<>();

  /** An empty store on the shared database. */
  PostgresStore newStore() {
    DB.truncateClockworkTables();
    PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    opened.add(store);
    return store;
  }

  /** Another store on the same database, not emptied: a second node. */
  PostgresStore anotherStore() {
    PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    opened.add(store);
    return store;
  }

  /** The shared database, for a test that reads a column no store method shows. */
  DataSource dataSource() {
    return DB.dataSource();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    opened.forEach(PostgresStore::close);
    opened.clear();
  }
}
