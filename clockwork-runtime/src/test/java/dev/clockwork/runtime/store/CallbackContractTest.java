package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The store contract for the callbacks role ({@link CallbackStore}), run against each store by a
 * subclass: one callback per instance and key, exclusive claims under a lease, attempts recorded
 * only by the lease holder.
 */
public abstract class CallbackContractTest extends StoreContract {
  protected static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");

  private CallbackStore callbacks() {
    return store.callbacks();
  }

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
    StoredCallback c = callbacks().register(callback(instance, "k-" + instance));
    callbacks().bind(c.id(), eventId);
    callbacks().settle(c.id(), "applied", "{\"outcome\":\"applied\"}", T0);
    return c;
  }

  @Test
  void aKeyRegistersOneCallbackPerInstanceAndKeepsTheEvent() {
    StoredCallback first = callbacks().register(callback("i-1", "key"));
    StoredCallback again = callbacks().register(callback("i-1", "key"));
    StoredCallback other = callbacks().register(callback("i-2", "key"));

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
    StoredCallback bound = callbacks().register(callback("i-1", "a"));
    StoredCallback unbound = callbacks().register(callback("i-1", "b"));
    callbacks().bind(bound.id(), 7);

    assertThat(callbacks().waiting(0, 10))
        .extracting(StoredCallback::id)
        .containsExactly(bound.id());
    assertThat(callbacks().waitingFor("i-1", 7))
        .extracting(StoredCallback::id)
        .contains(bound.id());
    assertThat(callbacks().unbound(T0, 10))
        .extracting(StoredCallback::id)
        .containsExactly(unbound.id());
    assertThat(callbacks().unbound(T0.minusSeconds(1), 10)).isEmpty();
  }

  @Test
  void aDueCallbackIsClaimedByOneOwnerUntilItsLeaseExpires() {
    StoredCallback c = due("i-1", 7);

    assertThat(callbacks().claim("a", T0, T0.plusSeconds(60), 10)).hasSize(1);
    assertThat(callbacks().claim("b", T0.plusSeconds(30), T0.plusSeconds(90), 10)).isEmpty();
    assertThat(callbacks().claim("b", T0.plusSeconds(61), T0.plusSeconds(120), 10))
        .extracting(StoredCallback::id)
        .containsExactly(c.id());

    DeliveryAttempt late = new DeliveryAttempt(1, "d", T0.plusSeconds(62), 200, null);
    assertThat(callbacks().record(c.id(), "a", late, CallbackState.DELIVERED, null))
        .as("the first owner lost its lease")
        .isFalse();
    assertThat(callbacks().record(c.id(), "b", late, CallbackState.DELIVERED, null)).isTrue();
    assertThat(callbacks().attempts(c.id())).containsExactly(late);
  }

  @Test
  void aRetryIsClaimedOnlyOnceItIsDue() {
    StoredCallback c = due("i-1", 7);
    callbacks().claim("a", T0, T0.plusSeconds(60), 10);
    DeliveryAttempt failed = new DeliveryAttempt(1, "d", T0, 500, "answered 500");

    callbacks().record(c.id(), "a", failed, CallbackState.DUE, T0.plusSeconds(10));

    assertThat(callbacks().claim("a", T0.plusSeconds(9), T0.plusSeconds(70), 10)).isEmpty();
    assertThat(callbacks().claim("a", T0.plusSeconds(10), T0.plusSeconds(70), 10)).hasSize(1);
    StoredCallback after = callbacks().forEvent("i-1", 7).get(0);
    assertThat(after.attempts()).isEqualTo(1);
    assertThat(after.lastStatus()).isEqualTo(500);
    assertThat(after.lastError()).isEqualTo("answered 500");
    assertThat(after.outcome()).isEqualTo("applied");
    assertThat(after.body()).isEqualTo("{\"outcome\":\"applied\"}");
  }

  @Test
  void aDeliveredCallbackIsNeverClaimedAgain() {
    StoredCallback c = due("i-1", 7);
    callbacks().claim("a", T0, T0.plusSeconds(60), 10);
    DeliveryAttempt ok = new DeliveryAttempt(1, "d", T0, 204, null);

    callbacks().record(c.id(), "a", ok, CallbackState.DELIVERED, null);

    assertThat(callbacks().claim("a", T0.plusSeconds(3600), T0.plusSeconds(3660), 10)).isEmpty();
    StoredCallback after = callbacks().forEvent("i-1", 7).get(0);
    assertThat(after.state()).isEqualTo(CallbackState.DELIVERED);
    assertThat(after.deliveredAt()).isEqualTo(T0);
  }

  @Test
  void settlingHappensOnceAndAbandonedCallbacksAreNeverClaimed() {
    StoredCallback c = due("i-1", 7);
    callbacks().settle(c.id(), "discarded", "{}", T0);
    assertThat(callbacks().forEvent("i-1", 7).get(0).outcome()).isEqualTo("applied");

    callbacks().abandon(c.id(), "its event is gone");

    assertThat(callbacks().claim("a", T0.plusSeconds(1), T0.plusSeconds(60), 10)).isEmpty();
    assertThat(callbacks().forEvent("i-1", 7).get(0).lastError()).isEqualTo("its event is gone");
  }
}
