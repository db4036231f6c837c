package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Namespaces through the engine, against every store: two namespaces each have their own {@code
 * order-42}, stored as {@code namespace + U+001F + id} ({@link NamespacedIds}), and what an
 * instance of a namespace creates — its children, the conversation members its emits create — is
 * stored in that namespace. Subclass once per store.
 */
public abstract class NamespaceContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final String IN_A = NamespacedIds.stored("tenant-a", "order-42");
  private static final String IN_B = NamespacedIds.stored("tenant-b", "order-42");

  /** Counts its requests. */
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
                              })))
          .build();

  /** CHECKOUT emits to its conversation's payment; SHIP invokes a payment child. */
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
                                  x ->
                                      x.emitAsync(
                                          Target.machine("payment"), Event.of("PAYMENT_REQUEST"))))
                      .on("SHIP", "shipping"))
          .state("shipping", s -> s.invoke("payment"))
          .build();

  private Engine engine;
  private Store store;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void setUpEngine() {
    store = newStore();
    engine =
        Engine.builder().store(store).clock(VirtualClock.at(T0)).register(PAYMENT, ORDER).build();
  }

  private Instance order(String namespace) {
    NewInstance request = NewInstance.of("order").id("order-42");
    return engine.create(namespace == null ? request : request.namespace(namespace));
  }

  private InstanceRecord stored(String storedId) {
    return store.instances().find(storedId).orElseThrow(() -> new AssertionError(storedId));
  }

  @Test
  void twoNamespacesEachCreateTheirOwnInstanceOfOneId() {
    Instance a = order("tenant-a");
    Instance b = order("tenant-b");
    Instance plain = order(null);

    assertThat(a.id()).isEqualTo("order-42");
    assertThat(a.namespace()).isEqualTo("tenant-a");
    assertThat(b.namespace()).isEqualTo("tenant-b");
    assertThat(plain.namespace()).isEqualTo(NamespacedIds.DEFAULT);
    assertThat(stored(IN_A).id()).isEqualTo("tenant-a\u001Forder-42");
    assertThat(stored(IN_B).conversationId()).startsWith("tenant-b\u001F");
    assertThat(stored("order-42").conversationId()).doesNotContain("\u001F");
    assertThat(store.instances().instanceIds("order"))
        .containsExactlyInAnyOrder("order-42", IN_A, IN_B);
    assertThatThrownBy(() -> order("tenant-a")).isInstanceOf(DuplicateInstanceException.class);
  }

  @Test
  void anEventReachesTheInstanceOfItsNamespaceOnly() {
    order("tenant-a");
    order("tenant-b");
    order(null);

    engine.send(EventRequest.to("order-42", Event.of("SHIP")).namespace("tenant-b"));

    assertThat(stored(IN_B).leafPaths()).containsExactly("shipping");
    assertThat(stored(IN_A).leafPaths()).containsExactly("cart");
    assertThat(stored("order-42").leafPaths()).containsExactly("cart");
  }

  @Test
  void theChildOfAnInstanceInANamespaceIsInThatNamespace() {
    order("tenant-a");
    order(null);

    engine.send(EventRequest.to("order-42", Event.of("SHIP")).namespace("tenant-a"));

    assertThat(store.instances().instanceIds("payment"))
        .singleElement()
        .satisfies(
            child -> {
              assertThat(child).startsWith(IN_A + "/shipping#");
              assertThat(NamespacedIds.namespaceOf(child)).isEqualTo("tenant-a");
              assertThat(NamespacedIds.namespaceOf(stored(child).conversationId()))
                  .isEqualTo("tenant-a");
            });
  }

  @Test
  void theInstanceAnEmitCreatesIsInTheSendersNamespace() {
    Instance a = order("tenant-a");
    Instance b = order("tenant-b");

    engine.send(EventRequest.to("order-42", Event.of("CHECKOUT")).namespace("tenant-a"));
    engine.send(EventRequest.to("order-42", Event.of("CHECKOUT")).namespace("tenant-b"));
    engine.runDue();

    String paymentOfA = NamespacedIds.stored("tenant-a", "payment@" + a.conversationId());
    String paymentOfB = NamespacedIds.stored("tenant-b", "payment@" + b.conversationId());
    assertThat(store.instances().instanceIds("payment"))
        .containsExactlyInAnyOrder(paymentOfA, paymentOfB);
    assertThat(stored(paymentOfA).conversationId())
        .isEqualTo(NamespacedIds.stored("tenant-a", a.conversationId()));
    assertThat(((Number) stored(paymentOfA).context().get("requests")).intValue())
        .as("the payment of tenant-a's conversation got tenant-a's request")
        .isEqualTo(1);
    assertThat(
            store
                .instances()
                .findInConversation(stored(IN_A).conversationId(), "payment")
                .map(InstanceRecord::id))
        .contains(paymentOfA);
  }
}
