package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Claims on PostgreSQL: never early to the nanosecond, and caps that hold between claimers. */
class ClaimTest extends StoreFixture {

  @Test
  void aTimerDueBetweenMicrosecondsIsNeverClaimedEarlyAndKeepsItsExactDue() {
    Instant due = T0.plusNanos(123_456_789);
    Instant roundedUp = T0.plusNanos(123_457_000);
    create(instance("o-1").timers(timer("waiting", "EXPIRE", due)));

    assertThat(store.work().nextDue(T0, Set.of("order"), null)).contains(roundedUp);
    assertThat(claim(due)).isEmpty();
    assertThat(claim(roundedUp.minusNanos(1))).isEmpty();
    List<Claim> claims = claim(roundedUp);
    assertThat(claims).singleElement().satisfies(c -> assertThat(c.events()).isEmpty());
    assertThat(claims.get(0).instance().timers()).extracting(ArmedTimer::due).containsExactly(due);
  }

  @Test
  void anEventAvailableBetweenMicrosecondsIsNeverClaimedEarly() {
    create("o-1");
    Instant available = T0.plusNanos(1_500);
    store
        .queue()
        .enqueue(
            new dev.clockwork.runtime.queue.QueuedEvent(
                0,
                "o-1",
                "order",
                dev.clockwork.core.event.Event.of("PAY"),
                "api",
                null,
                0,
                available,
                T0,
                List.of(),
                null,
                null));

    assertThat(claim(available)).isEmpty();
    assertThat(claimedTypes("o-1", T0.plusNanos(2_000))).containsExactly("PAY");
  }

  @Test
  void concurrentClaimersOfACappedMachineLeaseNoMoreThanItsCap() throws Exception {
    for (int i = 0; i < 40; i++) {
      create("o-" + i);
      enqueue("o-" + i, "PAY", T0);
    }
    CyclicBarrier start = new CyclicBarrier(4);
    List<Callable<Integer>> claimers = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      String owner = "node-" + t;
      claimers.add(
          () -> {
            ClaimRequest request =
                new ClaimRequest(owner, LEASE, T0, 3, 1, Map.of("order", 5), true);
            start.await();
            int claimed = 0;
            for (int round = 0; round < 5; round++) {
              claimed += store.work().claim(request).size();
            }
            return claimed;
          });
    }
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      int total = 0;
      for (Future<Integer> claimed : threads.invokeAll(claimers)) {
        total += claimed.get();
      }
      assertThat(total).isEqualTo(5);
    } finally {
      threads.shutdownNow();
    }
  }
}
