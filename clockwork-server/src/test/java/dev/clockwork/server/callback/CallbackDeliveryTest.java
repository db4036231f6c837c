package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A queued event with a callback URL: once it is applied, dead-lettered or discarded, its outcome
 * is POSTed there, once, and the attempt is recorded on the event.
 */
class CallbackDeliveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final Callbacks callbacks =
      new Callbacks(fixture.engine, fixture.options(receiver, b -> b));

  @AfterEach
  void close() {
    callbacks.close();
    receiver.close();
    fixture.close();
  }

  @Test
  void anAppliedEventIsDeliveredOnceWithItsOutcome() throws Exception {
    String id = fixture.job("job-1");
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/hooks/done"));

    assertThat(callbacks.runDue()).as("nothing to send before the event is processed").isZero();
    assertThat(callbacks.deliveries(id, go.id()))
        .singleElement()
        .satisfies(view -> assertThat(view.outcome()).isEqualTo("waiting"));

    fixture.engine.runDue();
    assertThat(callbacks.runDue()).isEqualTo(1);
    assertThat(callbacks.runDue()).as("a delivered callback is not sent again").isZero();

    assertThat(receiver.requests()).hasSize(1);
    Receiver.Request request = receiver.requests().get(0);
    assertThat(request.path()).isEqualTo("/hooks/done");
    assertThat(request.header("Content-Type")).isEqualTo("application/json");
    assertThat(request.header("X-Clockwork-Delivery")).isNotBlank();
    JsonNode body = JSON.readTree(request.body());
    assertThat(body.get("event_id").asLong()).isEqualTo(go.id());
    assertThat(body.get("instance_id").asText()).isEqualTo(id);
    assertThat(body.get("machine").asText()).isEqualTo("job");
    assertThat(body.get("type").asText()).isEqualTo("GO");
    assertThat(body.get("outcome").asText()).isEqualTo("applied");
    assertThat(body.get("state").get(0).asText()).isEqualTo("done");
    assertThat(body.has("error")).isFalse();
    assertThat(body.get("at").asText()).isEqualTo("2026-11-25T10:00:00Z");

    CallbackView view = callbacks.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("delivered");
    assertThat(view.eventOutcome()).isEqualTo("applied");
    assertThat(view.attempts()).isEqualTo(1);
    assertThat(view.lastStatus()).isEqualTo(200);
    assertThat(view.lastError()).isNull();
    assertThat(view.deliveredAt()).isEqualTo(fixture.clock.instant());
    assertThat(view.deliveries())
        .singleElement()
        .satisfies(
            attempt -> {
              assertThat(attempt.status()).isEqualTo(200);
              assertThat(attempt.deliveryId()).isEqualTo(request.header("X-Clockwork-Delivery"));
            });
  }

  @Test
  void aDeadLetteredEventIsDeliveredWithItsError() throws Exception {
    String id = fixture.job("job-2");
    QueuedEvent poison = fixture.send(callbacks, id, "POISON", receiver.url("/hooks/failed"));

    fixture.engine.runDue();
    assertThat(callbacks.runDue()).isEqualTo(1);

    JsonNode body = JSON.readTree(receiver.requests().get(0).body());
    assertThat(body.get("outcome").asText()).isEqualTo("dead_lettered");
    assertThat(body.get("error").asText()).contains("the job is poisoned");
    assertThat(body.has("state")).isFalse();
    assertThat(callbacks.deliveries(id, poison.id()).get(0).eventOutcome())
        .isEqualTo("dead_lettered");
  }

  @Test
  void aDiscardedEventIsDeliveredWithItsError() throws Exception {
    String config = "queue:\n  retry:\n    max_attempts: 1\n  dead_letter:\n    enabled: false\n";
    try (Engine discarding =
        Engine.builder()
            .store(fixture.store)
            .clock(fixture.clock)
            .register(CallbackFixture.JOB)
            .config(Settings.parse(config, "clockwork.yaml"))
            .build()) {
      Callbacks callbacks = new Callbacks(discarding, fixture.options(receiver, b -> b));
      discarding.create(NewInstance.of("job").id("job-d"));
      QueuedEvent poison =
          callbacks.enqueue(
              "job-d", Event.of("POISON"), Priority.NORMAL, null, receiver.url("/d"), null);

      discarding.runDue();
      callbacks.runDue();

      JsonNode body = JSON.readTree(receiver.requests().get(0).body());
      assertThat(body.get("outcome").asText()).isEqualTo("discarded");
      assertThat(body.get("error").asText()).contains("the job is poisoned");
      assertThat(callbacks.deliveries("job-d", poison.id()).get(0).eventOutcome())
          .isEqualTo("discarded");
    }
  }

  @Test
  void eachEventGetsItsOwnCallback() {
    String id = fixture.job("job-3");
    QueuedEvent poison = fixture.send(callbacks, id, "POISON", receiver.url("/a"));
    QueuedEvent go = fixture.send(callbacks, id, "GO", receiver.url("/b"));

    fixture.engine.runDue();
    callbacks.runDue();

    assertThat(receiver.requests())
        .extracting(Receiver.Request::path)
        .containsExactlyInAnyOrder("/a", "/b");
    assertThat(List.of(poison.id(), go.id()))
        .allSatisfy(
            eventId ->
                assertThat(callbacks.deliveries(id, eventId))
                    .singleElement()
                    .satisfies(view -> assertThat(view.outcome()).isEqualTo("delivered")));
  }

  @Test
  void theSameIdempotencyKeyRegistersOneCallback() {
    String id = fixture.job("job-4");
    QueuedEvent first =
        callbacks.enqueue(
            id, Event.of("GO"), Priority.NORMAL, "key-1", receiver.url("/once"), null);
    QueuedEvent again =
        callbacks.enqueue(
            id, Event.of("GO"), Priority.NORMAL, "key-1", receiver.url("/once"), null);

    assertThat(again.id()).isEqualTo(first.id());
    fixture.engine.runDue();
    callbacks.runDue();
    assertThat(receiver.requests()).hasSize(1);
    assertThat(callbacks.deliveries(id, first.id())).hasSize(1);
  }

  @Test
  void anAttemptThatGetsNoAnswerInTimeIsRecordedAsATimeout() {
    receiver.holding();
    Callbacks impatient =
        new Callbacks(
            fixture.engine,
            fixture.options(receiver, b -> b.timeout(Duration.ofMillis(200)).maxAttempts(1)));
    String id = fixture.job("job-5");
    QueuedEvent go = fixture.send(impatient, id, "GO", receiver.url("/slow"));
    fixture.engine.runDue();

    impatient.runDue();
    receiver.release();

    CallbackView view = impatient.deliveries(id, go.id()).get(0);
    assertThat(view.outcome()).isEqualTo("failed");
    assertThat(view.lastStatus()).isNull();
    assertThat(view.lastError()).isEqualTo("no answer within PT0.2S");
  }
}
