package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.EventValidator;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How events enter an instance from outside (what the HTTP API relies on): the machine's payload
 * validators refuse bad events on send and enqueue alike, idempotency keys refuse a second event
 * under a used key, queued events record who sent them, and history reads a page at a time.
 * Subclass once per store.
 */
public abstract class EventIntakeContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  /** A tab: ADD (amount required) adds to the total and replies with it; CLOSE ends it. */
  private static final MachineDefinition TAB =
      Machine.define("tab")
          .context(Map.of("total", 0))
          .initial("open")
          .state(
              "open",
              s ->
                  s.on(
                          "ADD",
                          t ->
                              t.action(
                                  x -> {
                                    int total =
                                        ((Number) x.context().get("total")).intValue()
                                            + ((Number) x.event().payload().get("amount"))
                                                .intValue();
                                    x.set("total", total);
                                    x.reply(total);
                                  }))
                      .on("CLOSE", "closed"))
          .finalState("closed")
          .validate("ADD", EventValidator.requiring("amount"))
          .build();

  private VirtualClock clock;
  private Store store;
  private Engine engine;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void openEngine() {
    clock = VirtualClock.at(T0);
    store = newStore();
    engine = Engine.builder().store(store).clock(clock).register(TAB).build();
    engine.create(NewInstance.of("tab").id("t-1"));
  }

  private int total() {
    return ((Number) engine.instances().get("t-1").context().get("total")).intValue();
  }

  private static int number(java.util.Optional<Object> reply) {
    return ((Number) reply.orElseThrow()).intValue();
  }

  @Test
  void aPayloadTheValidatorRefusesIsNeitherAppliedNorQueued() {
    assertThatThrownBy(() -> engine.send("t-1", Event.of("ADD", Map.of("amont", 5))))
        .isInstanceOf(InvalidEventPayloadException.class)
        .hasMessageContaining("payload.amount is required")
        .satisfies(
            e ->
                assertThat(((InvalidEventPayloadException) e).errors())
                    .containsExactly("payload.amount is required"));
    assertThatThrownBy(() -> engine.enqueue("t-1", Event.of("ADD")))
        .isInstanceOf(InvalidEventPayloadException.class);

    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(total()).isEqualTo(0);
    assertThat(number(engine.send("t-1", Event.of("ADD", Map.of("amount", 5))).reply()))
        .isEqualTo(5);
  }

  @Test
  void aQueuedEventRecordsWhoSentIt() {
    QueuedEvent queued =
        engine.enqueue(
            EventRequest.to("t-1", Event.of("ADD", Map.of("amount", 1))).source("api:otto"));

    assertThat(queued.source()).isEqualTo("api:otto");
    assertThat(engine.enqueue("t-1", Event.of("CLOSE")).source()).isEqualTo("api");
    assertThatThrownBy(() -> engine.enqueue(EventRequest.to("t-1", Event.of("CLOSE")).source(" ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("source");
  }

  @Test
  void aSendRepeatedWithItsKeyGetsTheFirstAnswerAndAnotherEventUnderItIsRefused() {
    Event add = Event.of("ADD", Map.of("amount", 5));
    SendResult first = engine.send(EventRequest.to("t-1", add).idempotencyKey("k-1"));
    SendResult again =
        engine.send(
            EventRequest.to("t-1", Event.of("ADD", Map.of("amount", 5))).idempotencyKey("k-1"));

    assertThat(number(first.reply())).isEqualTo(5);
    assertThat(number(again.reply())).isEqualTo(5);
    assertThat(total()).isEqualTo(5);
    assertThatThrownBy(
            () ->
                engine.send(
                    EventRequest.to("t-1", Event.of("ADD", Map.of("amount", 6)))
                        .idempotencyKey("k-1")))
        .isInstanceOf(IdempotencyConflictException.class)
        .hasMessageContaining("k-1");
    assertThatThrownBy(() -> engine.enqueue(EventRequest.to("t-1", add).idempotencyKey("k-1")))
        .as("a direct send's key has no queued event to give back")
        .isInstanceOf(IdempotencyConflictException.class);
    assertThat(total()).isEqualTo(5);
    assertThat(store.queue().pendingEvents()).isZero();
  }

  @Test
  void aQueuedEventsKeyIsNotAppliedAgainBySendingItDirectly() {
    Event add = Event.of("ADD", Map.of("amount", 2));
    QueuedEvent queued = engine.enqueue(EventRequest.to("t-1", add).idempotencyKey("k-1"));
    QueuedEvent again = engine.enqueue(EventRequest.to("t-1", add).idempotencyKey("k-1"));

    assertThat(again.id()).isEqualTo(queued.id());
    assertThatThrownBy(() -> engine.send(EventRequest.to("t-1", add).idempotencyKey("k-1")))
        .isInstanceOf(IdempotencyConflictException.class)
        .hasMessageContaining("queued event " + queued.id());
    assertThatThrownBy(
            () ->
                engine.enqueue(
                    EventRequest.to("t-1", Event.of("ADD", Map.of("amount", 3)))
                        .idempotencyKey("k-1")))
        .isInstanceOf(IdempotencyConflictException.class);

    engine.runDue();
    assertThat(total()).isEqualTo(2);
    assertThat(number(engine.send(EventRequest.to("t-1", add).idempotencyKey("k-1")).reply()))
        .as("once processed, a direct send gets the queued event's outcome")
        .isEqualTo(2);
    assertThat(total()).isEqualTo(2);
  }

  @Test
  void anInstanceCountsTheEventsWaitingInItsQueue() {
    engine.create(NewInstance.of("tab").id("t-2"));
    engine.enqueue("t-1", Event.of("ADD", Map.of("amount", 1)));
    engine.enqueue("t-1", Event.of("CLOSE"));
    engine.enqueue("t-2", Event.of("CLOSE"));

    assertThat(engine.instances().pendingEvents("t-1")).isEqualTo(2);
    assertThat(engine.instances().pendingEvents("t-2")).isEqualTo(1);
    engine.runDue();
    assertThat(engine.instances().pendingEvents("t-1")).isZero();
    assertThatThrownBy(() -> engine.instances().pendingEvents("nobody"))
        .isInstanceOf(dev.clockwork.runtime.error.UnknownInstanceException.class);
  }

  @Test
  void historyIsReadAPageAtATimeWithoutGapsOrRepeats() {
    for (int n = 1; n <= 6; n++) {
      engine.send("t-1", Event.of("ADD", Map.of("amount", n)));
    }
    List<HistoryEntry> all = engine.instances().history(HistoryQuery.all("t-1"));
    List<Long> paged = new ArrayList<>();
    long after = 0;
    while (true) {
      List<HistoryEntry> page = engine.instances().history(HistoryQuery.page("t-1", after, 3));
      page.forEach(row -> paged.add(row.sequence()));
      if (page.size() < 3) {
        break;
      }
      after = page.get(page.size() - 1).sequence();
    }

    assertThat(paged).containsExactlyElementsOf(all.stream().map(HistoryEntry::sequence).toList());
    assertThat(
            engine
                .instances()
                .history(HistoryQuery.page("t-1", all.get(all.size() - 1).sequence(), 3)))
        .isEmpty();
    assertThatThrownBy(() -> engine.instances().history(HistoryQuery.page("t-1", -1, 3)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
