package dev.clockwork.postgres;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.testkit.MachineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seed's "timer sweep in a real environment" recipe: the same fluent test, on PostgreSQL, with
 * due timers read from the instance rows as virtual time advances.
 */
class MachineTestOnPostgresTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("idle")
          .state("idle", s -> s.on("SUBMIT", "awaiting_payment"))
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", "processing")
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
          .state("processing")
          .finalState("cancelled")
          .build();

  private PostgresStore store;

  @BeforeEach
  void cleanDatabase() {
    DB.truncateClockworkTables();
    store = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }

  @AfterEach
  void close() {
    store.close();
  }

  @Test
  void theSeedsOrderExpiresThroughTheDatabase() {
    MachineTest.with(ORDER)
        .store(store)
        .start()
        .send("SUBMIT")
        .assertState("awaiting_payment")
        .assertHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(7))
        .assertState("cancelled")
        .assertTimerFired("ORDER_EXPIRED");
  }

  @Test
  void payingCancelsTheTimerInTheDatabase() {
    MachineTest.with(ORDER)
        .store(store)
        .start()
        .send("SUBMIT")
        .advanceTimers(Timer.days(3))
        .send("PAY")
        .assertNotHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(30))
        .assertState("processing")
        .assertTimerNotFired("ORDER_EXPIRED");
  }
}
