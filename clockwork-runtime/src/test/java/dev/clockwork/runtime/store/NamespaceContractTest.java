package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The store contract for namespaces ({@link NamespacedIds}): every read that takes a namespace —
 * dead letters, armed timers, instances in a state, instance search, the operator log — keeps that
 * namespace's rows only, and every one when it is null; a broadcast reaches the sender's namespace
 * only. The instances share one local id, {@code order-42}, in the default namespace, {@code
 * tenant-a}, {@code tenant-b} and {@code ten} (a prefix of the others' names). Subclass it once per
 * store.
 */
public abstract class NamespaceContractTest extends StoreContract {
  private static final String LOCAL = "order-42";
  private static final String IN_DEFAULT = LOCAL;
  private static final String IN_A = NamespacedIds.stored("tenant-a", LOCAL);
  private static final String IN_B = NamespacedIds.stored("tenant-b", LOCAL);
  private static final String IN_TEN = NamespacedIds.stored("ten", LOCAL);
  private static final List<String> EVERY = List.of(IN_DEFAULT, IN_A, IN_B, IN_TEN);
  private static final Instant LATER = T0.plusSeconds(1);

  @Test
  void storedIdsFollowTheRule() {
    assertThat(IN_A).isEqualTo("tenant-a\u001Forder-42");
    assertThat(NamespacedIds.stored(NamespacedIds.DEFAULT, LOCAL)).isEqualTo(LOCAL);
  }

  @Test
  void deadLettersAreListedPerNamespace() {
    EVERY.forEach(id -> create(instance(id)));
    EVERY.forEach(this::deadLetter);

    assertEachNamespaceSeesItsOwn(
        ns ->
            store.queueAdmin().deadLetters("order", ns, 0, 10).stream()
                .map(d -> d.event().instanceId())
                .toList());
    List<DeadLetter> inA = store.queueAdmin().deadLetters(null, "tenant-a", 0, 10);
    assertThat(store.queueAdmin().deadLetters(null, "tenant-a", inA.get(0).id(), 10))
        .as("the page after tenant-a's only dead letter")
        .isEmpty();
    assertThat(store.queueAdmin().deadLetters("invoice", "tenant-a", 0, 10)).isEmpty();
  }

  @Test
  void armedTimersAreListedPerNamespace() {
    int second = 0;
    for (String id : EVERY) {
      create(instance(id).timers(timer("waiting", "REMIND", T0.plusSeconds(++second * 10))));
    }

    assertEachNamespaceSeesItsOwn(
        ns ->
            store.queueAdmin().armedTimers("order", ns, null, 10).stream()
                .map(TimerView::instanceId)
                .toList());
    assertThat(store.queueAdmin().armedTimers(null, "tenant-b", "waiting", 10))
        .extracting(TimerView::instanceId)
        .containsExactly(IN_B);
    assertThat(store.queueAdmin().armedTimers(null, "tenant-b", "shipped", 10)).isEmpty();
  }

  @Test
  void instancesInAStateAreListedPerNamespace() {
    EVERY.forEach(id -> create(instance(id)));
    create(instance(NamespacedIds.stored("tenant-a", "order-43")));
    create(instance(NamespacedIds.stored("tenant-a", "order-44")).in("shipped"));

    assertEachNamespaceSeesItsOwn(
        ns ->
            store.instances().instancesIn("order", "waiting", ns, "", 10).stream()
                .filter(id -> NamespacedIds.idOf(id).equals(LOCAL))
                .toList());
    List<String> firstPage = store.instances().instancesIn("order", "waiting", "tenant-a", "", 1);
    assertThat(firstPage).containsExactly(IN_A);
    assertThat(store.instances().instancesIn("order", "waiting", "tenant-a", IN_A, 10))
        .containsExactly(NamespacedIds.stored("tenant-a", "order-43"));
  }

  @Test
  void searchFindsTheInstancesOfTheQuerysNamespace() {
    EVERY.forEach(id -> create(instance(id)));
    create(instance(NamespacedIds.stored("tenant-a", "invoice-1")).machine("invoice"));

    assertEachNamespaceSeesItsOwn(
        ns -> {
          InstanceQuery query = InstanceQuery.builder().machine("order").build();
          return store.instances().search(ns == null ? query : query.storedIn(ns)).stream()
              .map(InstanceRecord::id)
              .toList();
        });
    assertThat(
            store.instances().search(InstanceQuery.builder().build().storedIn("tenant-a")).stream()
                .map(InstanceRecord::id))
        .as("in id order")
        .containsExactly(NamespacedIds.stored("tenant-a", "invoice-1"), IN_A);
    assertThat(
            store
                .instances()
                .search(InstanceQuery.builder().state("waiting").build().storedIn("tenant-b"))
                .stream()
                .map(InstanceRecord::id))
        .containsExactly(IN_B);
  }

  @Test
  void aBroadcastReachesTheInstancesOfItsSendersNamespaceOnly() {
    String sender = NamespacedIds.stored("tenant-a", "sender");
    create(instance(sender).in("paid"));
    EVERY.forEach(id -> create(instance(id)));
    Claim claim = lease(sender, T0);
    commitAll(
        update(claim)
            .broadcasts(
                List.of(
                    new BroadcastRequest(
                        "order", "waiting", Event.of("PING"), Priority.NORMAL, sender))));

    assertThat(store.work().deliverBroadcasts(LATER, 10)).isEqualTo(1);
    assertThat(claimedIds(LATER)).containsExactly(IN_A);
  }

  @Test
  void aBroadcastFromTheDefaultNamespaceReachesItsInstancesOnly() {
    create(instance("sender").in("paid"));
    EVERY.forEach(id -> create(instance(id)));
    Claim claim = lease("sender", T0);
    commitAll(
        update(claim)
            .broadcasts(
                List.of(
                    new BroadcastRequest(
                        "order", "waiting", Event.of("PING"), Priority.NORMAL, "sender"))));

    assertThat(store.work().deliverBroadcasts(LATER, 1)).isEqualTo(1);
    assertThat(claimedIds(LATER)).containsExactly(IN_DEFAULT);
  }

  @Test
  void anOperatorActionKeepsItsNamespaceAndTheLogIsListedPerNamespace() {
    OperatorAction everywhere = store.operatorLog().append(action("queue.pause", null));
    OperatorAction inA = store.operatorLog().append(action("dead_letter.retry", "tenant-a"));
    OperatorAction inB = store.operatorLog().append(action("dead_letter.retry", "tenant-b"));
    OperatorAction inTen = store.operatorLog().append(action("dead_letter.purge", "ten"));
    OperatorAction inDefault = store.operatorLog().append(action("dead_letter.retry", "default"));

    assertThat(inA.namespace()).isEqualTo("tenant-a");
    assertThat(store.operatorLog().list("tenant-a", Long.MAX_VALUE, 10)).containsExactly(inA);
    assertThat(store.operatorLog().list("tenant-b", Long.MAX_VALUE, 10)).containsExactly(inB);
    assertThat(store.operatorLog().list("ten", Long.MAX_VALUE, 10)).containsExactly(inTen);
    assertThat(store.operatorLog().list("default", Long.MAX_VALUE, 10)).containsExactly(inDefault);
    assertThat(store.operatorLog().list("tenant", Long.MAX_VALUE, 10)).isEmpty();
    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10))
        .as("the whole log, newest first, the action on every namespace with a null namespace")
        .containsExactly(inDefault, inTen, inB, inA, everywhere);
    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10).get(4).namespace()).isNull();
    assertThat(store.operatorLog().list("tenant-a", inA.id(), 10)).isEmpty();
    assertThat(store.operatorLog().list("tenant-b", Long.MAX_VALUE, 1)).containsExactly(inB);
  }

  // ---- helpers ----

  /**
   * Checks that {@code read} of each namespace lists its own {@code order-42} only, of a namespace
   * named by a prefix of others' names nothing of theirs, and of every namespace (null) all four.
   */
  private static void assertEachNamespaceSeesItsOwn(Function<String, List<String>> read) {
    assertThat(read.apply(NamespacedIds.DEFAULT))
        .as("the default namespace")
        .containsExactly(IN_DEFAULT);
    assertThat(read.apply("tenant-a")).as("tenant-a").containsExactly(IN_A);
    assertThat(read.apply("tenant-b")).as("tenant-b").containsExactly(IN_B);
    assertThat(read.apply("ten")).as("ten, a prefix of tenant-a").containsExactly(IN_TEN);
    assertThat(read.apply("tenant")).as("tenant, a prefix of tenant-a").isEmpty();
    assertThat(read.apply("tenant-")).as("tenant-").isEmpty();
    assertThat(read.apply(null)).as("every namespace").containsExactlyInAnyOrderElementsOf(EVERY);
  }

  /** Commits a turn of {@code id} that sent an event to the dead letters. */
  private void deadLetter(String id) {
    QueuedEvent event = store.queue().enqueue(event(id, "POISON", T0));
    Claim claim = lease(id, LATER);
    QueuedEvent dead = failedAttempt(event, LATER, LATER);
    commitAll(update(claim).deadLettered(List.of(dead)));
  }

  private static OperatorAction action(String name, String namespace) {
    return new OperatorAction(
        0, T0, "otto", "req-1", "api", name, "dead_letter:7", Map.of("n", 1L), namespace);
  }
}
