package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A delivery the receiver does not accept (a non-2xx answer) is retried after the backoff (on the
 * engine's clock), doubling each time up to the cap, until it succeeds or the attempts run out.
 */
class CallbackRetryTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();

  @AfterEach
  void close() {
    receiver.close();
    fixture.close();
  }

  @Test
  void aFailedDeliveryIsRetriedAfterTheBackoffAndEveryAttemptIsRecorded() {
    receiver.answering(500);
    Callbacks callbacks =
        new Callbacks(
            fixture.engine,
            fixture.options(
                receiver,
                b ->
                    b.backoff(Backoff.exponential(Duration.ofSeconds(30), Duration.ofMinutes(5)))));
    String id = fixture.job("retried");
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/flaky"));
    fixture.engine.runDue();
    Instant t0 = fixture.clock.instant();

    assertThat(callbacks.runDue()).isEqualTo(1);
    CallbackView afterFirst = callbacks.deliveries(id, go.id()).get(0);
    assertThat(afterFirst.outcome()).isEqualTo("due");
    assertThat(afterFirst.attempts()).isEqualTo(1);
    assertThat(afterFirst.lastStatus()).isEqualTo(500);
    assertThat(afterFirst.lastError()).isEqualTo("answered 500");
    assertThat(afterFirst.nextAttemptAt()).isEqualTo(t0.plusSeconds(30));

    fixture.clock.advance(Duration.ofSeconds(29));
    assertThat(callbacks.runDue()).as("not before the backoff has passed").isZero();
    fixture.clock.advance(Duration.ofSeconds(1));
    assertThat(callbacks.runDue()).isEqualTo(1);

    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("delivered");
    assertThat(view.attempts()).isEqualTo(2);
    assertThat(view.lastStatus()).isEqualTo(200);
    assertThat(view.lastError()).isNull();
    assertThat(view.deliveries())
        .extracting(DeliveryAttempt::attempt, DeliveryAttempt::status, DeliveryAttempt::at)
        .containsExactly(tuple(1, 500, t0), tuple(2, 200, t0.plusSeconds(30)));
    assertThat(receiver.requests())
        .extracting(r -> r.header("X-Clockwork-Delivery"))
        .as("the same delivery id on every attempt, so a receiver can drop duplicates")
        .containsOnly(view.deliveries().get(0).deliveryId());
    assertThat(receiver.requests())
        .extracting(r -> r.header("X-Clockwork-Attempt"))
        .containsExactly("1", "2");
  }

  @Test
  void theBackoffDoublesUpToItsCapAndTheCallbackFailsAfterMaxAttempts() {
    receiver.answering(503, 503, 503, 503);
    Callbacks callbacks =
        new Callbacks(
            fixture.engine,
            fixture.options(
                receiver,
                b ->
                    b.maxAttempts(4)
                        .backoff(
                            Backoff.exponential(Duration.ofSeconds(10), Duration.ofSeconds(25)))));
    String id = fixture.job("hopeless");
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/down"));
    fixture.engine.runDue();
    Instant t0 = fixture.clock.instant();

    callbacks.runDue();
    fixture.clock.advance(Duration.ofSeconds(10));
    callbacks.runDue();
    fixture.clock.advance(Duration.ofSeconds(20));
    callbacks.runDue();
    fixture.clock.advance(Duration.ofSeconds(25));
    callbacks.runDue();
    fixture.clock.advance(Duration.ofHours(1));
    assertThat(callbacks.runDue()).as("no attempt after the last").isZero();

    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("failed");
    assertThat(view.attempts()).isEqualTo(4);
    assertThat(view.lastStatus()).isEqualTo(503);
    assertThat(view.nextAttemptAt()).isNull();
    assertThat(view.deliveries())
        .extracting(DeliveryAttempt::at)
        .containsExactly(t0, t0.plusSeconds(10), t0.plusSeconds(30), t0.plusSeconds(55));
    assertThat(receiver.requests()).hasSize(4);
  }

  @Test
  void anUnreachableReceiverCountsAsAFailedAttempt() {
    Callbacks callbacks =
        new Callbacks(fixture.engine, fixture.options(receiver, b -> b.maxAttempts(1)));
    String id = fixture.job("gone");
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/x"));
    fixture.engine.runDue();
    receiver.close();

    callbacks.runDue();

    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("failed");
    assertThat(view.lastStatus()).isNull();
    assertThat(view.lastError()).contains("ConnectException");
  }
}
