package dev.clockwork.server.callback;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.CallbackStore;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * An engine on the embedded PostgreSQL (one database, emptied for each fixture) on a virtual clock,
 * with a machine {@code job}: {@code GO} takes it from {@code idle} to {@code done}, {@code POISON}
 * always fails (dead-lettered after one attempt). Workers are not started: tests run due work by
 * hand.
 */
final class CallbackFixture implements AutoCloseable {
  static final String SECRET = "a-test-secret-of-some-length";

  static final MachineDefinition JOB =
      Machine.define("job")
          .initial("idle")
          .state(
              "idle",
              s ->
                  s.on("GO", t -> t.to("done"))
                      .on(
                          "POISON",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("the job is poisoned");
                                  })))
          .state("done")
          .build();

  /** One database for every callback test of the JVM (each fixture empties it first). */
  private static final TestDatabase DATABASE = EmbeddedPostgresDatabase.shared().newDatabase();

  final TestDatabase database = emptied();
  final PostgresStore store = PostgresStore.on(database.dataSource());
  final VirtualClock clock = VirtualClock.at("2026-11-25T10:00:00Z");
  final CallbackStore callbackStore = store.callbacks();
  final Engine engine =
      Engine.builder()
          .store(store)
          .clock(clock)
          .register(JOB)
          .settings(s -> s.queue(q -> q.retry(new RetryPolicy(1, Backoff.linear(Duration.ZERO)))))
          .build();

  private static TestDatabase emptied() {
    DATABASE.truncateClockworkTables();
    return DATABASE;
  }

  /** Options on this fixture's store allowing {@code receiver}, changed by {@code settings}. */
  CallbackOptions options(Receiver receiver, UnaryOperator<CallbackOptions.Builder> settings) {
    return settings
        .apply(
            CallbackOptions.builder(callbackStore)
                .secret(SECRET)
                .allowHttp(true)
                .allowHost(receiver.allowEntry()))
        .build();
  }

  /** A new {@code job} instance. */
  String job(String id) {
    engine.create(NewInstance.of("job").id(id));
    return id;
  }

  /** Queues {@code type} for {@code instanceId} with a callback to {@code url}. */
  QueuedEvent send(Callbacks callbacks, String instanceId, String type, URI url) {
    return callbacks.enqueue(
        instanceId, Event.of(type, Map.of("n", 1)), Priority.NORMAL, null, url, "otto-operator");
  }

  @Override
  public void close() {
    engine.close();
    store.close();
  }
}
