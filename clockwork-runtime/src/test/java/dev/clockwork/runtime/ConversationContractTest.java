package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Conversations (the queue seed, §3.6) against every store: emits addressed to a machine find or
 * create its instance within the sender's conversation, and the conversation id reaches queued
 * events, history rows and dead letters. Subclass once per store.
 */
public abstract class ConversationContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static final MachineDefinition FRAUD =
      Machine.define("fraud")
          .initial("watching")
          .state(
              "watching",
              s ->
                  s.on(
                      "CHECK_FRAUD",
                      t -> t.action(x -> x.reply(Map.of("score", 0.1, "status", "clean")))))
          .build();

  /** Counts its requests; a POISON event is refused for good. */
  private static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("idle")
          .state(
              "idle",
              s ->
                  s.on(
                          "PAYMENT_REQUEST",
                          t ->
                              t.action(
                                  x -> {
                                    Number seen = (Number) x.context().get("requests");
                                    x.set("requests", seen == null ? 1 : seen.intValue() + 1);
                                    @SuppressWarnings("unchecked")
                                    Map<String, Object> fraud =
                                        (Map<String, Object>)
                                            x.emit(
                                                Target.machine("fraud"), Event.of("CHECK_FRAUD"));
                                    x.reply(
                                        Map.of(
                                            "txn_id",
                                            "txn-" + x.context().get("requests"),
                                            "fraud_score",
                                            fraud.get("score")));
                                  }))
                      .on("POISON", t -> t.action(x -> x.fail("NOT_PAYABLE"))))
          .build();

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("cart")
          .state(
              "cart",
              s ->
                  s.on(
                          "CHECKOUT",
                          t ->
                              t.action(
                                  x -> {
                                    @SuppressWarnings("unchecked")
                                    Map<String, Object> payment =
                                        (Map<String, Object>)
                                            x.emit(
                                                Target.machine("payment"),
                                                Event.of("PAYMENT_REQUEST"));
                                    x.reply(
                                        Map.of(
                                            "order_id", x.context().get("order_id"),
                                            "txn_id", payment.get("txn_id"),
                                            "fraud_score", payment.get("fraud_score")));
                                  }))
                      .on(
                          "CHECKOUT_LATER",
                          t ->
                              t.action(
                                  x ->
                                      x.emitAsync(
                                          Target.machine("payment"), Event.of("PAYMENT_REQUEST"))))
                      .on(
                          "POISON_PAYMENT",
                          t ->
                              t.action(
                                  x -> x.emitAsync(Target.machine("payment"), Event.of("POISON"))))
                      .on("SHIP", "shipping"))
          .state(
              "shipping",
              s ->
                  s.invoke("payment")
                      .on(
                          "PAY_CHILD",
                          t ->
                              t.action(
                                  x ->
                                      x.emitAsync(
                                          Target.machine("payment"), Event.of("PAYMENT_REQUEST")))))
          .build();

  private VirtualClock clock;
  private Engine engine;

  /** An empty store for each test. */
  protected abstract Store newStore();

  private Store store;

  @BeforeEach
  void setUpEngine() {
    clock = VirtualClock.at(T0);
    store = newStore();
    engine = Engine.builder().store(store).clock(clock).register(FRAUD, PAYMENT, ORDER).build();
  }

  private Instance order(String id) {
    return engine.create(NewInstance.of("order").id(id).input(Map.of("order_id", id)));
  }

  private static int requests(Instance payment) {
    return ((Number) payment.context().get("requests")).intValue();
  }

  @Test
  void aSyncChainCreatesItsTargetsInTheCallersConversation() {
    Instance order = order("order-1");
    SendResult result = engine.send("order-1", Event.of("CHECKOUT"));

    assertThat(result.reply())
        .contains(Map.of("order_id", "order-1", "txn_id", "txn-1", "fraud_score", 0.1));
    String conversation = order.conversationId();
    Instance payment = engine.instances().inConversation(conversation, "payment").orElseThrow();
    Instance fraud = engine.instances().inConversation(conversation, "fraud").orElseThrow();
    assertThat(payment.id()).isEqualTo("payment@" + conversation);
    assertThat(fraud.conversationId()).isEqualTo(conversation);
    assertThat(engine.instances().history(HistoryQuery.all(payment.id())))
        .first()
        .satisfies(
            origin -> {
              assertThat(origin.event()).isEqualTo("CreatedByEmit");
              assertThat(origin.payload())
                  .containsEntry("conversation_id", conversation)
                  .containsEntry("sender", "order-1");
            });
  }

  @Test
  void laterEmitsReachTheSameInstanceAndOtherConversationsGetTheirOwn() {
    Instance first = order("order-1");
    Instance second = order("order-2");
    engine.send("order-1", Event.of("CHECKOUT"));
    SendResult again = engine.send("order-1", Event.of("CHECKOUT"));
    engine.send("order-2", Event.of("CHECKOUT"));

    assertThat(again.reply())
        .get()
        .extracting(r -> ((Map<?, ?>) r).get("txn_id"))
        .isEqualTo("txn-2");
    assertThat(first.conversationId()).isNotEqualTo(second.conversationId());
    Instance paymentOfFirst =
        engine.instances().inConversation(first.conversationId(), "payment").orElseThrow();
    Instance paymentOfSecond =
        engine.instances().inConversation(second.conversationId(), "payment").orElseThrow();
    assertThat(requests(paymentOfFirst)).isEqualTo(2);
    assertThat(requests(paymentOfSecond)).isEqualTo(1);
    assertThat(store.instances().instanceIds("payment"))
        .containsExactlyInAnyOrder(paymentOfFirst.id(), paymentOfSecond.id());
  }

  @Test
  void anEmitFindsAnInstanceTheCallerCreatedInTheConversation() {
    engine.create(NewInstance.of("payment").id("pay-001").conversation("conv-abc123"));
    engine.create(
        NewInstance.of("order")
            .id("order-001")
            .input(Map.of("order_id", "o"))
            .conversation("conv-abc123"));
    engine.send("order-001", Event.of("CHECKOUT"));

    assertThat(requests(engine.instances().get("pay-001"))).isEqualTo(1);
    assertThat(store.instances().instanceIds("payment")).containsExactly("pay-001");
    assertThat(engine.instances().inConversation("conv-abc123", "payment"))
        .map(Instance::id)
        .contains("pay-001");
  }

  @Test
  void anAsyncEmitQueuesTheEventInTheConversationAndHistoryCarriesIt() {
    Instance order = order("order-1");
    engine.send("order-1", Event.of("CHECKOUT_LATER"));
    String conversation = order.conversationId();
    String payment = "payment@" + conversation;

    List<dev.clockwork.runtime.store.Claim> claims =
        store
            .work()
            .claim(
                new dev.clockwork.runtime.store.ClaimRequest(
                    "probe",
                    java.time.Duration.ofSeconds(5),
                    T0,
                    10,
                    10,
                    Map.of("order", 10, "payment", 10, "fraud", 10),
                    true));
    assertThat(claims)
        .singleElement()
        .satisfies(claim -> assertThat(claim.instance().id()).isEqualTo(payment));
    List<QueuedEvent> queued = claims.get(0).events();
    store.work().release(claims.get(0).lease());
    assertThat(queued)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.event().type()).isEqualTo("PAYMENT_REQUEST");
              assertThat(e.source()).isEqualTo("emit");
              assertThat(e.conversationId()).isEqualTo(conversation);
            });
    engine.runDue();
    assertThat(requests(engine.instances().get(payment))).isEqualTo(1);
    assertThat(engine.instances().history(HistoryQuery.all(payment)))
        .extracting(HistoryEntry::conversationId)
        .containsOnly(conversation);
    assertThat(engine.instances().history(HistoryQuery.all("order-1")))
        .extracting(HistoryEntry::conversationId)
        .containsOnly(conversation);
  }

  @Test
  void aDeadLetterKeepsTheConversationOfItsEvent() {
    Instance order = order("order-1");
    engine.send("order-1", Event.of("POISON_PAYMENT"));
    engine.runDue();

    List<DeadLetter> dead = engine.admin().queues().deadLetters("payment", 10);
    assertThat(dead)
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().event().type()).isEqualTo("POISON");
              assertThat(d.event().conversationId()).isEqualTo(order.conversationId());
            });
  }

  @Test
  void childMachinesJoinTheirParentsConversation() {
    Instance order = order("order-1");
    engine.send("order-1", Event.of("SHIP"));

    Instance child =
        engine.instances().inConversation(order.conversationId(), "payment").orElseThrow();
    assertThat(child.id()).startsWith("order-1/shipping#");
    engine.send("order-1", Event.of("PAY_CHILD"));
    engine.runDue();
    assertThat(requests(engine.instances().get(child.id()))).isEqualTo(1);
    assertThat(engine.instances().inConversation(order.conversationId(), "fraud")).isPresent();
  }

  @Test
  void everyTopLevelInstanceStartsItsOwnConversation() {
    Instance one = engine.create(NewInstance.of("order").id("a"));
    Instance two = engine.create(NewInstance.of("order").id("b"));
    assertThat(one.conversationId()).startsWith("conv-").isNotEqualTo(two.conversationId());
    assertThat(engine.instances().get("a").conversationId()).isEqualTo(one.conversationId());
  }

  @Test
  void aBadConversationIdIsRefusedWithTheRule() {
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id("o").conversation("a/b")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("conversation id 'a/b' is not allowed")
        .hasMessageContaining("may not contain '/'");
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id("o").conversation(" ")))
        .hasMessageContaining("must be non-blank");
    assertThat(store.instances().instanceIds("order")).isEmpty();
  }
}
