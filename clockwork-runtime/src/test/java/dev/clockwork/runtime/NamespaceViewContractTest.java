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
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Namespaces from Java ({@code engine.namespace(name)}): ids are unique per namespace; nothing a
 * namespace's view reads or changes belongs to another; children, conversations and emits stay in
 * their namespace — and what the store holds says so: an instance of a namespace is stored as
 * {@code namespace + U+001F + id} ({@link NamespacedIds}), and so are its children, its
 * conversation and the conversation members its emits create. Subclass once per store.
 */
public abstract class NamespaceViewContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  private static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("charging")
          .state("charging", s -> s.on("PAID", "paid"))
          .finalState("paid")
          .build();

  /**
   * Pays through a child; notes, refuses for good, reminds itself, pings the audit instance (and,
   * at CHECKOUT, its conversation's audit member).
   */
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
                      .on(
                          "CHECKOUT",
                          t -> t.action(x -> x.emitAsync(Target.machine("audit"), ping())))
                      .on("REMIND", t -> t.action(x -> {}).after(Timer.hours(1))))
          .finalState("confirmed")
          .build();

  private static final MachineDefinition AUDIT =
      Machine.define("audit")
          .initial("open")
          .state("open", s -> s.on("PING", t -> t.action(x -> x.set("pinged", true))))
          .build();

  private Engine engine;
  private Store store;
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
    store = newStore();
    engine =
        Engine.builder()
            .store(store)
            .clock(VirtualClock.at(T0))
            .register(PAYMENT, ORDER, AUDIT)
            .build();
    a = engine.namespace("tenant-a");
    b = engine.namespace("tenant-b");
  }

  private InstanceRecord stored(String storedId) {
    return store.instances().find(storedId).orElseThrow(() -> new AssertionError(storedId));
  }

  @Test
  void eachNamespaceHasItsOwnOrder42() {
    engine.create(NewInstance.of("order").id("order-42"));
    a.create(NewInstance.of("order").id("order-42"));
    Instance inB = b.create(NewInstance.of("order").id("order-42"));
    String inA = NamespacedIds.stored("tenant-a", "order-42");
    String inBStored = NamespacedIds.stored("tenant-b", "order-42");

    a.send(EventRequest.to("order-42", Event.of("NOTE")));

    assertThat(stored(inA).id()).isEqualTo("tenant-a\u001Forder-42");
    assertThat(stored(inBStored).conversationId()).startsWith("tenant-b\u001F");
    assertThat(stored("order-42").conversationId()).doesNotContain("\u001F");
    assertThat(store.instances().instanceIds("order"))
        .containsExactlyInAnyOrder("order-42", inA, inBStored);
    assertThat(stored(inA).context()).containsEntry("noted", true);
    assertThat(stored(inBStored).context()).doesNotContainKey("noted");
    assertThat(stored("order-42").context()).doesNotContainKey("noted");
    assertThatThrownBy(() -> a.create(NewInstance.of("order").id("order-42")))
        .isInstanceOf(DuplicateInstanceException.class);

    assertThat(inB.id()).isEqualTo("order-42");
    assertThat(inB.namespace()).isEqualTo("tenant-b");
    assertThat(a.instances().get("order-42").context()).containsEntry("noted", true);
    assertThat(b.instances().get("order-42").context()).doesNotContainKey("noted");
    assertThat(engine.instances().get("order-42").context()).doesNotContainKey("noted");
    assertThat(engine.instances().get("order-42").namespace()).isEqualTo("default");
  }

  @Test
  void listenersHearThePlainIdAndItsNamespace() {
    List<String> created = new CopyOnWriteArrayList<>();
    List<String> enqueued = new CopyOnWriteArrayList<>();
    List<ProcessedEvent> processed = new CopyOnWriteArrayList<>();
    engine.listen(
        new EngineListener() {
          @Override
          public void instanceCreated(
              String namespace, String instanceId, String machine, Event origin, Instant at) {
            created.add(namespace + "|" + instanceId);
          }

          @Override
          public void eventEnqueued(String namespace, String instanceId, String machine) {
            enqueued.add(namespace + "|" + instanceId);
          }

          @Override
          public void eventProcessed(ProcessedEvent event) {
            processed.add(event);
          }
        });

    a.create(NewInstance.of("order").id("order-42"));
    engine.create(NewInstance.of("order").id("order-42"));
    a.enqueue(EventRequest.to("order-42", Event.of("NOTE")));
    engine.runDue();

    assertThat(created).contains("tenant-a|order-42", "default|order-42");
    assertThat(created).noneMatch(s -> s.indexOf(NamespacedIds.SEPARATOR) >= 0);
    assertThat(enqueued).containsExactly("tenant-a|order-42");
    assertThat(processed)
        .filteredOn(e -> e.type().equals("NOTE"))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.namespace()).isEqualTo("tenant-a");
              assertThat(e.instanceId()).isEqualTo("order-42");
            });
    assertThat(processed).noneMatch(e -> e.instanceId().indexOf(NamespacedIds.SEPARATOR) >= 0);
  }

  @Test
  void theDefaultViewRefusesAStoredIdOfAnotherNamespace() {
    b.create(NewInstance.of("order").id("order-42"));
    String smuggled = "tenant-b\u001Forder-42";

    assertThatThrownBy(() -> engine.send(EventRequest.to(smuggled, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id");
    assertThatThrownBy(() -> engine.enqueue(EventRequest.to(smuggled, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id");
    assertThatThrownBy(() -> engine.instances().get(smuggled))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id");
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(smuggled)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.instances().get("order-42").context()).doesNotContainKey("noted");
  }

  @Test
  void anotherNamespacesInstanceIsUnknownToEveryCall() {
    a.create(NewInstance.of("order").id("a-only"));
    assertThat(a.enqueue(EventRequest.to("a-only", Event.of("NOTE"))).instanceId())
        .isEqualTo("a-only");

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
  void historyAndEventStatusesNameThePlainIds() {
    a.create(NewInstance.of("order").id("o-1"));
    long eventId = a.enqueue(EventRequest.to("o-1", Event.of("NOTE"))).id();
    engine.runDue();

    assertThat(a.instances().history(HistoryQuery.all("o-1")))
        .isNotEmpty()
        .allSatisfy(
            row -> {
              assertThat(row.instanceId()).isEqualTo("o-1");
              assertThat(row.conversationId()).doesNotContain("\u001F");
            });
    assertThat(a.instances().event("o-1", eventId).instanceId()).isEqualTo("o-1");
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
    assertThat(store.instances().instanceIds("payment"))
        .singleElement()
        .satisfies(
            child -> {
              assertThat(child).startsWith(NamespacedIds.stored("tenant-a", "o-1") + "/paying#");
              assertThat(NamespacedIds.namespaceOf(child)).isEqualTo("tenant-a");
              assertThat(NamespacedIds.namespaceOf(stored(child).conversationId()))
                  .isEqualTo("tenant-a");
            });

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
  void theMemberAnEmitCreatesIsInTheSendersNamespace() {
    Instance orderOfA = a.create(NewInstance.of("order").id("order-42"));
    Instance orderOfB = b.create(NewInstance.of("order").id("order-42"));

    a.send(EventRequest.to("order-42", Event.of("CHECKOUT")));
    b.send(EventRequest.to("order-42", Event.of("CHECKOUT")));
    engine.runDue();

    String auditOfA = NamespacedIds.stored("tenant-a", "audit@" + orderOfA.conversationId());
    String auditOfB = NamespacedIds.stored("tenant-b", "audit@" + orderOfB.conversationId());
    assertThat(store.instances().instanceIds("audit"))
        .containsExactlyInAnyOrder(auditOfA, auditOfB);
    assertThat(stored(auditOfA).conversationId())
        .isEqualTo(NamespacedIds.stored("tenant-a", orderOfA.conversationId()));
    assertThat(stored(auditOfA).context())
        .as("the audit of tenant-a's conversation got tenant-a's ping")
        .containsEntry("pinged", true);
    assertThat(
            store
                .instances()
                .findInConversation(
                    stored(NamespacedIds.stored("tenant-a", "order-42")).conversationId(), "audit")
                .map(InstanceRecord::id))
        .contains(auditOfA);
  }

  @Test
  void deadLettersAreEachNamespacesOwn() {
    a.create(NewInstance.of("order").id("o-1"));
    b.create(NewInstance.of("order").id("o-1"));
    a.enqueue(EventRequest.to("o-1", Event.of("REFUSE")));
    engine.runDue();

    List<DeadLetter> letters = a.deadLetters(null, 0, 10);
    assertThat(letters).hasSize(1);
    assertThat(letters.get(0).event().instanceId()).isEqualTo("o-1");
    assertThat(letters.get(0).event().conversationId()).doesNotContain("\u001F");
    long id = letters.get(0).id();
    assertThat(a.deadLetter(id).event().instanceId()).isEqualTo("o-1");
    assertThat(b.deadLetters(null, 0, 10)).isEmpty();
    assertThat(engine.namespace("default").deadLetters("order", 0, 10)).isEmpty();
    assertThatThrownBy(() -> b.deadLetter(id)).isInstanceOf(UnknownDeadLetterException.class);
    assertThatThrownBy(() -> b.retry(id, Duration.ZERO))
        .isInstanceOf(UnknownDeadLetterException.class);
    assertThat(engine.admin().queues().deadLetters(null, 10)).hasSize(1);

    assertThat(a.retry(id, Duration.ZERO).instanceId()).isEqualTo("o-1");
    assertThat(a.deadLetters(null, 0, 10)).isEmpty();
  }

  @Test
  void armedTimersAreEachNamespacesOwn() {
    a.create(NewInstance.of("order").id("a-1"));
    b.create(NewInstance.of("order").id("b-1"));

    List<TimerView> timers = a.timers().armed("order", null, 10);
    assertThat(timers).isNotEmpty();
    assertThat(timers).extracting(TimerView::instanceId).containsOnly("a-1");
    assertThat(b.timers().armed("order", null, 10))
        .extracting(TimerView::instanceId)
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
