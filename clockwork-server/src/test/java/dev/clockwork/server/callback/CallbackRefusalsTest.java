package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.EventValidator;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.server.ClockworkServer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A refused event never poisons the delivery worker (its callback is given up, the others are
 * delivered), and the listener wakes the worker for events the HTTP API queued.
 */
class CallbackRefusalsTest {
  static final MachineDefinition VJOB =
      Machine.define("vjob")
          .initial("idle")
          .state("idle", s -> s.on("GO", t -> t.to("done")))
          .state("done")
          .validate("GO", EventValidator.requiring("n"))
          .build();

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

  private Engine engine(CallbackOptions options) {
    return Engine.builder()
        .store(PostgresStore.on(fixture.database.dataSource()))
        .clock(fixture.clock)
        .register(VJOB)
        .listener(options.listener())
        .build();
  }

  /**
   * EventRoutes queues with source "api:&lt;principal&gt;", but CallbackOptions.listener() only
   * wakes the worker for source "api": API callbacks wait for the next full sweep.
   */
  @Test
  void theListenerWakesTheWorkerForEventsTheHttpApiQueues() {
    CallbackOptions options = fixture.options(receiver, b -> b.pollInterval(Duration.ofHours(1)));
    engine = engine(options);
    server = ClockworkServer.builder(engine).port(0).callbacks(options).start();
    Callbacks callbacks = server.callbacks().orElseThrow();
    engine.create(NewInstance.of("vjob").id("first"));
    engine.create(NewInstance.of("vjob").id("second"));
    callbacks.enqueue(
        "first",
        Event.of("GO", Map.of("n", 1)),
        Priority.NORMAL,
        null,
        receiver.url("/first"),
        "otto",
        "api:otto");
    engine.runDue();
    await().atMost(Duration.ofSeconds(10)).until(() -> receiver.requests().size() == 1);
    // the first (full) pass is over; with an hour between sweeps only a wake-up delivers
    callbacks.enqueue(
        "second",
        Event.of("GO", Map.of("n", 1)),
        Priority.NORMAL,
        null,
        receiver.url("/second"),
        "otto",
        "api:otto");
    engine.runDue();
    await().atMost(Duration.ofSeconds(10)).until(() -> receiver.requests().size() == 2);
  }

  /**
   * A queued send whose payload the validator refuses (HTTP 400) leaves its callback registered and
   * unbound (Callbacks.enqueue abandons only on UnknownInstance/UnknownEvent/IAE). After the grace
   * period Recovery re-enqueues it, gets InvalidEventPayloadException, which is not caught: every
   * full pass then fails before delivering anything, for every callback of the server.
   */
  @Test
  void aRefusedPayloadDoesNotPoisonTheDeliveryWorker() {
    CallbackOptions options = fixture.options(receiver, b -> b);
    engine = engine(options);
    Callbacks callbacks = new Callbacks(engine, options);
    engine.create(NewInstance.of("vjob").id("bad"));
    engine.create(NewInstance.of("vjob").id("good"));
    assertThatThrownBy(
            () ->
                callbacks.enqueue(
                    "bad",
                    Event.of("GO", Map.of()),
                    Priority.NORMAL,
                    null,
                    receiver.url("/bad"),
                    "otto",
                    "api:otto"))
        .isInstanceOf(InvalidEventPayloadException.class);

    callbacks.enqueue(
        "good",
        Event.of("GO", Map.of("n", 1)),
        Priority.NORMAL,
        null,
        receiver.url("/good"),
        "otto",
        "api:otto");
    engine.runDue();
    fixture.clock.advance(Recovery.GRACE.plusSeconds(1));

    assertThatCode(callbacks::runDue).doesNotThrowAnyException();
    assertThat(receiver.requests()).extracting(Receiver.Request::path).containsExactly("/good");
  }

  /** Same poisoning through a reused Idempotency-Key with another event (HTTP 409). */
  @Test
  void anIdempotencyConflictDoesNotPoisonTheDeliveryWorker() {
    CallbackOptions options = fixture.options(receiver, b -> b);
    engine = engine(options);
    Callbacks callbacks = new Callbacks(engine, options);
    engine.create(NewInstance.of("vjob").id("k"));
    engine.enqueue(
        EventRequest.to("k", Event.of("GO", Map.of("n", 1)))
            .idempotencyKey("key-1")
            .source("api:otto"));
    assertThatThrownBy(
            () ->
                callbacks.enqueue(
                    "k",
                    Event.of("GO", Map.of("n", 2)),
                    Priority.NORMAL,
                    "key-1",
                    receiver.url("/conflict"),
                    "otto",
                    "api:otto"))
        .isInstanceOf(IdempotencyConflictException.class);
    engine.runDue();
    fixture.clock.advance(Recovery.GRACE.plusSeconds(1));

    assertThatCode(callbacks::runDue).doesNotThrowAnyException();
  }
}
