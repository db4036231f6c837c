package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.queue.Priority;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every {@link CallbackStore} does, run against each store by a subclass: one callback per
 * instance and key, exclusive claims under a lease, attempts recorded only by the lease holder.
 */
public abstract class CallbackStoreContract {
  protected static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");

  protected abstract CallbackStore store();

  private NewCallback callback(String instance, String key) {
    return new NewCallback(
        instance,
        key,
        "GO",
        Map.of("amount", 12, "items", List.of("a", "b")),
        Priority.HIGH,
        URI.create("https://hooks.example.com/x"),
        "otto",
        T0);
  }

  private StoredCallback due(String instance, long eventId) {
    StoredCallback c = store().register(callback(instance, "k-" + instance));
    store().bind(c.id(), eventId);
    store().settle(c.id(), "applied", "{\"outcome\":\"applied\"}", T0);
    return c;
  }

  @Test
  void aKeyRegistersOneCallbackPerInstanceAndKeepsTheEvent() {
    StoredCallback first = store().register(callback("i-1", "key"));
    StoredCallback again = store().register(callback("i-1", "key"));
    StoredCallback other = store().register(callback("i-2", "key"));

    assertThat(again.id()).isEqualTo(first.id());
    assertThat(other.id()).isNotEqualTo(first.id());
    assertThat(first.state()).isEqualTo(CallbackState.WAITING);
    assertThat(first.eventId()).isZero();
    assertThat(first.type()).isEqualTo("GO");
    assertThat(first.payload()).containsEntry("amount", 12);
    assertThat(first.priority()).isEqualTo(Priority.HIGH);
    assertThat(first.principal()).isEqualTo("otto");
  }

  @Test
  void boundCallbacksWaitForTheirEventAndUnboundOnesAreFoundForRepair() {
    StoredCallback bound = store().register(callback("i-1", "a"));
    StoredCallback unbound = store().register(callback("i-1", "b"));
    store().bind(bound.id(), 7);

    assertThat(store().waiting(0, 10)).extracting(StoredCallback::id).containsExactly(bound.id());
    assertThat(store().waitingFor("i-1", 7)).extracting(StoredCallback::id).contains(bound.id());
    assertThat(store().unbound(T0, 10))
        .extracting(StoredCallback::id)
        .containsExactly(unbound.id());
    assertThat(store().unbound(T0.minusSeconds(1), 10)).isEmpty();
  }

  @Test
  void aDueCallbackIsClaimedByOneOwnerUntilItsLeaseExpires() {
    StoredCallback c = due("i-1", 7);

    assertThat(store().claim("a", T0, T0.plusSeconds(60), 10)).hasSize(1);
    assertThat(store().claim("b", T0.plusSeconds(30), T0.plusSeconds(90), 10)).isEmpty();
    assertThat(store().claim("b", T0.plusSeconds(61), T0.plusSeconds(120), 10))
        .extracting(StoredCallback::id)
        .containsExactly(c.id());

    DeliveryAttempt late = new DeliveryAttempt(1, "d", T0.plusSeconds(62), 200, null);
    assertThat(store().record(c.id(), "a", late, CallbackState.DELIVERED, null))
        .as("the first owner lost its lease")
        .isFalse();
    assertThat(store().record(c.id(), "b", late, CallbackState.DELIVERED, null)).isTrue();
    assertThat(store().attempts(c.id())).containsExactly(late);
  }

  @Test
  void aRetryIsClaimedOnlyOnceItIsDue() {
    StoredCallback c = due("i-1", 7);
    store().claim("a", T0, T0.plusSeconds(60), 10);
    DeliveryAttempt failed = new DeliveryAttempt(1, "d", T0, 500, "answered 500");

    store().record(c.id(), "a", failed, CallbackState.DUE, T0.plusSeconds(10));

    assertThat(store().claim("a", T0.plusSeconds(9), T0.plusSeconds(70), 10)).isEmpty();
    assertThat(store().claim("a", T0.plusSeconds(10), T0.plusSeconds(70), 10)).hasSize(1);
    StoredCallback after = store().forEvent("i-1", 7).get(0);
    assertThat(after.attempts()).isEqualTo(1);
    assertThat(after.lastStatus()).isEqualTo(500);
    assertThat(after.lastError()).isEqualTo("answered 500");
    assertThat(after.outcome()).isEqualTo("applied");
    assertThat(after.body()).isEqualTo("{\"outcome\":\"applied\"}");
  }

  @Test
  void aDeliveredCallbackIsNeverClaimedAgain() {
    StoredCallback c = due("i-1", 7);
    store().claim("a", T0, T0.plusSeconds(60), 10);
    DeliveryAttempt ok = new DeliveryAttempt(1, "d", T0, 204, null);

    store().record(c.id(), "a", ok, CallbackState.DELIVERED, null);

    assertThat(store().claim("a", T0.plusSeconds(3600), T0.plusSeconds(3660), 10)).isEmpty();
    StoredCallback after = store().forEvent("i-1", 7).get(0);
    assertThat(after.state()).isEqualTo(CallbackState.DELIVERED);
    assertThat(after.deliveredAt()).isEqualTo(T0);
  }

  @Test
  void settlingHappensOnceAndAbandonedCallbacksAreNeverClaimed() {
    StoredCallback c = due("i-1", 7);
    store().settle(c.id(), "discarded", "{}", T0);
    assertThat(store().forEvent("i-1", 7).get(0).outcome()).isEqualTo("applied");

    store().abandon(c.id(), "its event is gone");

    assertThat(store().claim("a", T0.plusSeconds(1), T0.plusSeconds(60), 10)).isEmpty();
    assertThat(store().forEvent("i-1", 7).get(0).lastError()).isEqualTo("its event is gone");
  }
}
