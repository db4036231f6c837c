package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.StoreContractTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Enqueue order, and which instances a claim takes with which events. */
class ClaimTest extends StoreFixture {

  @Test
  void eventsAreClaimedInEnqueueOrder() {
    create("o-1", T0);
    for (int i = 0; i < 5; i++) {
      enqueue("o-1", "E" + i, T0);
    }
    Claim claim = store.claim("w1", LEASE, T0, 10, 10).get(0);
    assertThat(claim.events())
        .extracting(e -> e.event().type())
        .containsExactly("E0", "E1", "E2", "E3", "E4");
    assertThat(claim.events()).extracting(QueuedEvent::id).isSorted();
    assertThat(nextEventAt("o-1")).isEqualTo(T0);
  }

  @Test
  void instancesAreServedByTheirHeadEventsAvailabilityThenEnqueueOrder() {
    create("b", T0);
    create("a", T0);
    create("c", T0);
    enqueue("b", "X", T0);
    enqueue("a", "X", T0);
    enqueue("c", "X", T0.minusSeconds(5));
    assertThat(store.claim("w1", LEASE, T0, 10, 10))
        .extracting(c -> c.instance().id())
        .containsExactly("c", "b", "a");
  }

  @Test
  void skipsLeasedInstancesAndHeadsNotYetAvailable() {
    create("leased", T0);
    create("later", T0);
    create("ready", T0);
    enqueue("leased", "X", T0);
    store.lease("leased", "someone", LEASE, T0).orElseThrow();
    store.enqueue(
        new QueuedEvent(
            0,
            "later",
            "order",
            Event.of("X"),
            "api",
            null,
            0,
            T0.plusSeconds(5),
            T0,
            List.of(),
            null,
            null));
    enqueue("later", "Y", T0);
    enqueue("ready", "X", T0);
    assertThat(store.claim("w1", LEASE, T0, 10, 10))
        .extracting(c -> c.instance().id())
        .containsExactly("ready");
    assertThat(store.claim("w2", LEASE, T0.plusSeconds(5), 10, 10))
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.instance().id()).isEqualTo("later");
              assertThat(c.events()).extracting(e -> e.event().type()).containsExactly("X", "Y");
            });
  }

  @Test
  void theEventsOfAClaimStopAtTheFirstNotYetAvailable() {
    create("o-1", T0);
    enqueue("o-1", "A", T0);
    store.enqueue(
        new QueuedEvent(
            0,
            "o-1",
            "order",
            Event.of("B"),
            "api",
            null,
            1,
            T0.plusSeconds(9),
            T0,
            List.of(),
            null,
            null));
    enqueue("o-1", "C", T0);
    assertThat(store.claim("w1", LEASE, T0, 10, 10).get(0).events())
        .extracting(e -> e.event().type())
        .containsExactly("A");
  }

  @Test
  void claimsAtMostTheLimitsAsked() {
    for (int i = 0; i < 5; i++) {
      create("o-" + i, T0);
      enqueue("o-" + i, "A", T0);
      enqueue("o-" + i, "B", T0);
    }
    List<Claim> claims = store.claim("w1", LEASE, T0, 3, 1);
    assertThat(claims).hasSize(3).allSatisfy(c -> assertThat(c.events()).hasSize(1));
    assertThat(claims).extracting(c -> c.lease().token()).doesNotHaveDuplicates();
    assertThat(store.claim("w2", LEASE, T0, 10, 1)).hasSize(2);
    assertThat(store.claim("w3", LEASE, T0, 10, 1)).isEmpty();
  }

  @Test
  void enqueuingForAnUnknownInstanceFailsNamingIt() {
    assertThatThrownBy(() -> enqueue("ghost", "A", T0))
        .isInstanceOf(UnknownInstanceException.class)
        .hasMessageContaining("'ghost'");
    assertThat(store.pendingEvents()).isZero();
  }

  @Test
  void aRetriedEventKeepsItsPlaceAttemptsAndErrors() {
    create("o-1", T0);
    QueuedEvent first = enqueue("o-1", "A", T0);
    Claim claim = store.claim("w1", LEASE, T0, 10, 10).get(0);
    store.commit(
        List.of(
            StoreContractTest.retryCommit(
                claim, first.failed(new AttemptError(1, T0, "boom"), T0.plusSeconds(4)))));
    assertThat(store.claim("w1", LEASE, T0.plusSeconds(4), 10, 10).get(0).events())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.id()).isEqualTo(first.id());
              assertThat(e.attempts()).isEqualTo(1);
              assertThat(e.availableAt()).isEqualTo(T0.plusSeconds(4));
              assertThat(e.errors()).containsExactly(new AttemptError(1, T0, "boom"));
            });
  }
}
