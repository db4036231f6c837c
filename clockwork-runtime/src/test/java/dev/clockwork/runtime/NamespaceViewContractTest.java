package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Namespaces from Java ({@code engine.namespace(name)}): ids are unique per namespace; nothing a
 * namespace's view reads or changes belongs to another; children, conversations and emits stay in
 * their namespace. Subclass once per store.
 */
public abstract class NamespaceViewContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  private static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("charging")
          .state("charging", s -> s.on("PAID", "paid"))
          .finalState("paid")
          .build();

  /** Pays through a child; notes, refuses for good, reminds itself, pings the audit instance. */
  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("paying")
          .state(
              "paying",
              s ->
                  s.invoke("payment")
                      .on("@done", "confirmed")
                      .on("NOTE", t -> t.action(x -> x.set("noted", true)))
                      .on("REFUSE", t -> t.action(x -> x.fail("NO", "refused for good")))
                      .on("PING_AUDIT", t -> t.action(x -> x.emitAsync(target(), ping())))
                      .on("REMIND", t -> t.action(x -> {}).after(Timer.hours(1))))
          .finalState("confirmed")
          .build();

  private static final MachineDefinition AUDIT =
      Machine.define("audit")
          .initial("open")
          .state("open", s -> s.on("PING", t -> t.action(x -> x.set("pinged", true))))
          .build();

  private Engine engine;
  private Namespace a;
  private Namespace b;

  /** An empty store for each test. */
  protected abstract Store newStore();

  private static Target target() {
    return Target.instance("audit-1");
  }

  private static Event ping() {
    return Event.of("PING");
  }

  @BeforeEach
  void openEngine() {
    engine =
        Engine.builder()
            .store(newStore())
            .clock(VirtualClock.at(T0))
            .register(PAYMENT, ORDER, AUDIT)
            .build();
    a = engine.namespace("tenant-a");
    b = engine.namespace("tenant-b");
  }

  @Test
  void eachNamespaceHasItsOwnOrder42() {
    engine.create(NewInstance.of("order").id("order-42"));
    a.create(NewInstance.of("order").id("order-42"));
    Instance inB = b.create(NewInstance.of("order").id("order-42"));

    a.send(EventRequest.to("order-42", Event.of("NOTE")));

    assertThat(inB.id()).isEqualTo("order-42");
    assertThat(inB.namespace()).isEqualTo("tenant-b");
    assertThat(a.instances().get("order-42").context()).containsEntry("noted", true);
    assertThat(b.instances().get("order-42").context()).doesNotContainKey("noted");
    assertThat(engine.instances().get("order-42").context()).doesNotContainKey("noted");
    assertThat(engine.instances().get("order-42").namespace()).isEqualTo("default");
  }

  @Test
  void anotherNamespacesInstanceIsUnknownToEveryCall() {
    a.create(NewInstance.of("order").id("a-only"));

    assertThatThrownBy(() -> b.instances().get("a-only"))
        .isInstanceOf(UnknownInstanceException.class)
        .hasMessageContaining("a-only")
        .hasMessageNotContaining("tenant-a");
    assertThatThrownBy(() -> b.send(EventRequest.to("a-only", Event.of("NOTE"))))
        .isInstanceOf(UnknownInstanceException.class);
    assertThatThrownBy(() -> b.enqueue(EventRequest.to("a-only", Event.of("NOTE"))))
        .isInstanceOf(UnknownInstanceException.class);
    assertThatThrownBy(() -> engine.instances().get("a-only"))
        .isInstanceOf(UnknownInstanceException.class);
    assertThat(b.instances().statuses(List.of("a-only"))).isEmpty();
    assertThat(b.instances().list(InstanceQuery.builder().machine("order").build())).isEmpty();
    assertThat(a.instances().list(InstanceQuery.builder().machine("order").build()))
        .extracting(Instance::id)
        .containsExactly("a-only");
    assertThat(a.instances().get("a-only").context()).doesNotContainKey("noted");
  }

  @Test
  void anIdHoldingTheSeparatorNamesNothingInAnotherNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");

    assertThatThrownBy(() -> b.instances().get(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("U+001F");
    assertThatThrownBy(() -> a.create(NewInstance.of("order").id("y" + NamespacedIds.SEPARATOR)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character");
    // nor does the default namespace reach into another one by a stored id
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(stored)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character");
    assertThatThrownBy(
            () ->
                engine.create(
                    NewInstance.of("order").id(NamespacedIds.stored("tenant-b", "squat"))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.instances().statuses(List.of("squat"))).isEmpty();
  }

  @Test
  void theDefaultViewRefusesAStoredIdOfAnotherNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");
    String refusal = "instance id holds the control character U+001F at index 8";

    assertThatThrownBy(() -> engine.instances().get(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.send(EventRequest.to(stored, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.enqueue(EventRequest.to(stored, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.instances().cancel(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.instances().history(HistoryQuery.all(stored)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(stored)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character U+001F");
    assertThatThrownBy(() -> engine.instances().get("x\u0007"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character U+0007");
    assertThat(a.instances().get("x").context()).doesNotContainKey("noted");
  }

  @Test
  void internalsReachAnInstanceByItsStoredIdThroughItsNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");

    Namespace holder = engine.admin().namespaceOfStoredId(stored);
    holder.send(EventRequest.to(NamespacedIds.idOf(stored), Event.of("NOTE")));

    assertThat(holder.name()).isEqualTo("tenant-a");
    assertThat(a.instances().get("x").context()).containsEntry("noted", true);
    assertThat(engine.admin().namespaceOfStoredId("order-1").name())
        .isEqualTo(NamespacedIds.DEFAULT);
  }

  @Test
  void childrenAreInTheirParentsNamespace() {
    a.create(NewInstance.of("order").id("o-1"));

    List<Instance> children =
        a.instances().list(InstanceQuery.builder().machine("payment").build());
    assertThat(children).hasSize(1);
    assertThat(children.get(0).namespace()).isEqualTo("tenant-a");
    assertThat(children.get(0).id()).startsWith("o-1/");
    assertThat(engine.instances().list(InstanceQuery.builder().machine("payment").build()))
        .isEmpty();

    a.send(EventRequest.to(children.get(0).id(), Event.of("PAID")));
    engine.runDue();
    assertThat(a.instances().get("o-1").states()).containsExactly("confirmed");
  }

  @Test
  void conversationsAreEachNamespacesOwn() {
    a.create(NewInstance.of("audit").id("a-audit").conversation("c-1"));
    b.create(NewInstance.of("audit").id("b-audit").conversation("c-1"));

    assertThat(a.instances().inConversation("c-1", "audit")).map(Instance::id).contains("a-audit");
    assertThat(b.instances().inConversation("c-1", "audit")).map(Instance::id).contains("b-audit");
    assertThat(engine.instances().inConversation("c-1", "audit")).isEmpty();
    assertThat(a.instances().get("a-audit").conversationId()).isEqualTo("c-1");
  }

  @Test
  void anEmitToAnIdReachesThatIdInTheSendersNamespace() {
    engine.create(NewInstance.of("audit").id("audit-1"));
    a.create(NewInstance.of("audit").id("audit-1"));
    a.create(NewInstance.of("order").id("o-1"));

    a.enqueue(EventRequest.to("o-1", Event.of("PING_AUDIT")));
    engine.runDue();

    assertThat(a.instances().get("audit-1").context()).containsEntry("pinged", true);
    assertThat(engine.instances().get("audit-1").context()).doesNotContainKey("pinged");
  }

  @Test
  void deadLettersAreEachNamespacesOwn() {
    a.create(NewInstance.of("order").id("o-1"));
    b.create(NewInstance.of("order").id("o-1"));
    a.enqueue(EventRequest.to("o-1", Event.of("REFUSE")));
    engine.runDue();

    List<DeadLetter> letters = a.deadLetters(null, 0, 10);
    assertThat(letters).hasSize(1);
    long id = letters.get(0).id();
    assertThat(b.deadLetters(null, 0, 10)).isEmpty();
    assertThat(engine.namespace("default").deadLetters("order", 0, 10)).isEmpty();
    assertThatThrownBy(() -> b.deadLetter(id)).isInstanceOf(UnknownDeadLetterException.class);
    assertThatThrownBy(() -> b.retry(id, Duration.ZERO))
        .isInstanceOf(UnknownDeadLetterException.class);
    assertThat(engine.admin().queues().deadLetters(null, 10)).hasSize(1);

    assertThat(a.retry(id, Duration.ZERO).instanceId())
        .isEqualTo(NamespacedIds.stored("tenant-a", "o-1"));
    assertThat(a.deadLetters(null, 0, 10)).isEmpty();
  }

  @Test
  void armedTimersAreEachNamespacesOwn() {
    a.create(NewInstance.of("order").id("a-1"));
    b.create(NewInstance.of("order").id("b-1"));

    List<TimerView> timers = a.timers().armed("order", null, 10);
    assertThat(timers).isNotEmpty();
    assertThat(timers)
        .extracting(t -> NamespacedIds.namespaceOf(t.instanceId()))
        .containsOnly("tenant-a");
    assertThat(b.timers().armed("order", null, 10))
        .extracting(t -> NamespacedIds.idOf(t.instanceId()))
        .containsOnly("b-1");
    assertThat(engine.admin().timers().armed("order", null, 10)).hasSize(2 * timers.size());
  }

  @Test
  void theAuditOfANamespaceListsItsOwnActions() {
    a.operatorLog().record(Operator.named("ada"), "instance.touch", "instance:a-1", Map.of());
    engine.admin().operatorLog().record(Operator.named("root"), "queue.pause", "queue:x", Map.of());

    List<OperatorAction> own = a.operatorLog().latest(null, 10);
    assertThat(own).extracting(OperatorAction::target).containsExactly("instance:a-1");
    assertThat(own.get(0).namespace()).isEqualTo("tenant-a");
    assertThat(b.operatorLog().latest(null, 10)).isEmpty();
    assertThat(engine.admin().operatorLog().latest(null, 10)).hasSize(2);
  }
}
