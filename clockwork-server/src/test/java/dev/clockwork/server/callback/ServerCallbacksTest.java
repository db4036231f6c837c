package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ClockworkServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server given {@code callbacks(options)} runs the delivery worker from start to close: woken by
 * the options' engine listener as soon as an event reaches its outcome, and sweeping every poll
 * interval when no listener was installed. Without options a server has no callbacks.
 */
class ServerCallbacksTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private Engine engine;
  private ClockworkServer server;

  @AfterEach
  void close() {
    if (server != null) {
      server.close();
    }
    if (engine != null) {
      engine.close();
    }
    receiver.close();
    fixture.close();
  }

  private Engine engine(CallbackOptions withListener) {
    var builder =
        Engine.builder()
            .store(PostgresStore.on(fixture.database.dataSource()))
            .clock(fixture.clock)
            .register(CallbackFixture.JOB);
    if (withListener != null) {
      builder.listener(withListener.listener());
    }
    return builder.build();
  }

  @Test
  void theListenerWakesTheWorkerAsSoonAsAnEventIsProcessed() {
    CallbackOptions options = fixture.options(receiver, b -> b.pollInterval(Duration.ofHours(1)));
    engine = engine(options);
    server = ClockworkServer.builder(engine).port(0).callbacks(options).start();
    Callbacks callbacks = server.callbacks().orElseThrow();
    engine.create(NewInstance.of("job").id("first"));
    engine.create(NewInstance.of("job").id("second"));

    fixture.send(callbacks, "first", "GO", receiver.url("/first"));
    engine.runDue();
    await().atMost(Duration.ofSeconds(10)).until(() -> receiver.requests().size() == 1);
    // the worker's first pass is over; with an hour between sweeps, only a wake-up delivers now
    fixture.send(callbacks, "second", "GO", receiver.url("/second"));
    engine.runDue();

    await().atMost(Duration.ofSeconds(10)).until(() -> receiver.requests().size() == 2);
    assertThat(receiver.requests().get(1).path()).isEqualTo("/second");
  }

  @Test
  void withoutTheListenerThePeriodicSweepDelivers() {
    CallbackOptions options = fixture.options(receiver, b -> b.pollInterval(Duration.ofMillis(50)));
    engine = engine(null);
    server = ClockworkServer.builder(engine).port(0).callbacks(options).start();
    engine.create(NewInstance.of("job").id("swept"));

    for (int i = 0; i < 3; i++) {
      fixture.send(server.callbacks().orElseThrow(), "swept", "GO", receiver.url("/s" + i));
      engine.runDue();
      int expected = i + 1;
      await().atMost(Duration.ofSeconds(5)).until(() -> receiver.requests().size() == expected);
    }
  }

  @Test
  void closingTheServerStopsTheWorker() {
    CallbackOptions options = fixture.options(receiver, b -> b.pollInterval(Duration.ofMillis(20)));
    engine = engine(options);
    server = ClockworkServer.builder(engine).port(0).callbacks(options).start();
    Callbacks callbacks = server.callbacks().orElseThrow();
    engine.create(NewInstance.of("job").id("stopped"));
    server.close();
    server = null;

    long eventId = fixture.send(callbacks, "stopped", "GO", receiver.url("/never")).id();
    engine.runDue();

    assertThat(callbacks.deliveries("stopped", eventId).get(0).outcome()).isEqualTo("waiting");
    assertThat(callbacks.runDue()).as("still due, for the next server to deliver").isEqualTo(1);
    assertThat(receiver.requests()).hasSize(1);
  }

  @Test
  void aServerWithoutOptionsHasNoCallbacks() {
    engine = engine(null);
    server = ClockworkServer.builder(engine).port(0).start();

    assertThat(server.callbacks()).isEmpty();
  }
}
