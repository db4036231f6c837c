package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for broadcasts: a commit writes them, {@link Store#deliverBroadcasts} turns
 * each into one queued event per instance in its state at delivery, once. Subclass it once per
 * store.
 */
public abstract class BroadcastContractTest extends StoreContract {
  private static final Event PING = Event.of("PING", Map.of("wave", 1L));
  private static final Instant DELIVERY = T0.plusSeconds(1);

  @Test
  void deliversOneEventPerActiveInstanceInTheStateAtDelivery() {
    create(instance("sender").in("paid"));
    create(instance("a").conversation("conv-x"));
    create("b");
    create(instance("c").in("paid"));
    create(instance("d").status(InstanceStatus.DONE));
    create(instance("e").in("waiting.reminded"));
    create(instance("p").machine("invoice"));
    broadcastFrom("sender", "waiting", Priority.HIGH);
    move("b", "paid");
    move("c", "waiting");

    int queued = store.work().deliverBroadcasts(DELIVERY, 10);

    assertThat(queued).isEqualTo(3);
    assertThat(claim(DELIVERY))
        .flatExtracting(Claim::events)
        .extracting(
            QueuedEvent::instanceId,
            QueuedEvent::machine,
            QueuedEvent::event,
            QueuedEvent::conversationId,
            QueuedEvent::priority,
            QueuedEvent::attempts)
        .as("the broadcast's event and priority, in each target's conversation")
        .containsExactlyInAnyOrder(
            tuple("a", "order", PING, "conv-x", Priority.HIGH, 0),
            tuple("c", "order", PING, "conv-c", Priority.HIGH, 0),
            tuple("e", "order", PING, "conv-e", Priority.HIGH, 0));
  }

  @Test
  void deliversToEveryTargetPageByPage() {
    create(instance("sender").in("paid"));
    for (int i = 1; i <= 5; i++) {
      create(instance("t-" + i));
    }
    broadcastFrom("sender", "waiting", Priority.NORMAL);

    int queued = store.work().deliverBroadcasts(DELIVERY, 2);

    assertThat(queued).isEqualTo(5);
    assertThat(claim(DELIVERY))
        .extracting(c -> c.instance().id(), c -> c.events().size())
        .containsExactlyInAnyOrder(
            tuple("t-1", 1), tuple("t-2", 1), tuple("t-3", 1), tuple("t-4", 1), tuple("t-5", 1));
  }

  @Test
  void aBroadcastIsDeliveredOnceHoweverOftenDeliveryRuns() {
    create(instance("sender").in("paid"));
    create("t-1", "t-2", "t-3");
    broadcastFrom("sender", "waiting", Priority.NORMAL);
    assertThat(store.work().deliverBroadcasts(DELIVERY, 2)).isEqualTo(3);
    create("t-4");

    assertThat(store.work().deliverBroadcasts(DELIVERY.plusSeconds(1), 2)).isZero();
    assertThat(store.work().deliverBroadcasts(DELIVERY.plusSeconds(2), 10)).isZero();
    assertThat(store.queue().pendingEvents()).isEqualTo(3);
  }

  @Test
  void everyBroadcastACommitWroteIsDelivered() {
    create(instance("sender").in("paid"));
    create("w");
    create(instance("s").in("shipped"));
    Claim claim = lease("sender", T0);
    commitAll(
        update(claim)
            .broadcasts(
                List.of(
                    new BroadcastRequest("order", "waiting", PING, Priority.LOW, "sender"),
                    new BroadcastRequest("order", "shipped", PING, Priority.LOW, "sender"))));

    assertThat(store.work().deliverBroadcasts(DELIVERY, 10)).isEqualTo(2);
    assertThat(claimedIds(DELIVERY)).containsExactlyInAnyOrder("w", "s");
  }

  @Test
  void nothingIsDeliveredWhenNoBroadcastWaits() {
    create("t-1");

    assertThat(store.work().deliverBroadcasts(DELIVERY, 10)).isZero();
    assertThat(store.queue().pendingEvents()).isZero();
  }

  // ---- helpers ----

  /** Commits a turn of {@code sender} that broadcast {@link #PING} to {@code state}. */
  private void broadcastFrom(String sender, String state, Priority priority) {
    Claim claim = lease(sender, T0);
    commitAll(
        update(claim)
            .broadcasts(List.of(new BroadcastRequest("order", state, PING, priority, sender))));
  }

  /** Commits a turn that moved {@code id} into {@code state}. */
  private void move(String id, String state) {
    Claim claim = lease(id, T0);
    commitAll(update(claim, InstanceBuilder.nextOf(claim.instance()).in(state)));
  }
}
