package dev.clockwork.cli;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import java.util.List;

/**
 * A cart machine (ADD applies, CHECKOUT fails for good) on one embedded database, an engine over it
 * on a virtual clock, and the CLI run against both: what the CLI tests of this package share.
 */
final class CartFixture implements AutoCloseable {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("ADD", t -> t.action(x -> {}))
                      .on("CHECKOUT", t -> t.action(x -> x.fail("CART_EMPTY", "no items"))))
          .build();

  final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  final PostgresStore store;
  final Engine engine;

  CartFixture() {
    this(Settings.defaults());
  }

  CartFixture(Settings config) {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).config(config).register(CART).build();
  }

  CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(CART), args);
  }

  /** cart-1 with a dead letter (CHECKOUT) after two applied ADDs; cart-2 with a pending ADD. */
  long deadLetterAndPending() {
    engine.create(NewInstance.of("cart").id("cart-1"));
    engine.create(NewInstance.of("cart").id("cart-2"));
    engine.enqueue("cart-1", Event.of("ADD"));
    engine.enqueue("cart-1", Event.of("ADD"));
    engine.enqueue("cart-1", Event.of("CHECKOUT"));
    engine.runDue();
    engine.enqueue("cart-2", Event.of("ADD"));
    return engine.admin().queues().deadLetters("cart", 10).get(0).id();
  }

  @Override
  public void close() {
    store.close();
  }
}
