package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Due timers reach their instances straight from the instance rows: claimers take each instance
 * whose timer is due exactly once, and operators see the armed timers soonest first however many
 * instances hold them.
 */
class DueTimerClaimTest extends StoreFixture {

  @Test
  void concurrentClaimersTakeEachInstanceWithADueTimerOnce() throws Exception {
    for (int i = 0; i < 300; i++) {
      create(instance("o-" + i).timers(timer("waiting", "EXPIRE", T0.plusMillis(i))));
    }
    Instant later = T0.plusSeconds(60);
    Set<String> fired = ConcurrentHashMap.newKeySet();
    List<String> twice = new ArrayList<>();
    CyclicBarrier start = new CyclicBarrier(3);
    Callable<Integer> claimer =
        () -> {
          ClaimRequest request =
              new ClaimRequest("w", LEASE, later, 25, 10, Map.of("order", 300), true);
          start.await();
          int claimed = 0;
          List<Claim> claims;
          while (!(claims = store.work().claim(request)).isEmpty()) {
            for (Claim claim : claims) {
              if (!fired.add(claim.instance().id())) {
                synchronized (twice) {
                  twice.add(claim.instance().id());
                }
              }
              // the fire moves the timer on: the instance keeps no timer
              commitAll(update(claim, InstanceBuilder.nextOf(claim.instance()).timers()));
              claimed++;
            }
          }
          return claimed;
        };
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      int total = 0;
      for (Future<Integer> claimed : threads.invokeAll(List.of(claimer, claimer, claimer))) {
        total += claimed.get();
      }
      assertThat(total).isEqualTo(300);
    } finally {
      threads.shutdownNow();
    }
    assertThat(twice).isEmpty();
    assertThat(fired).hasSize(300);
    assertThat(store.work().nextDue(later, Set.of("order"), null)).isEmpty();
  }

  @Test
  void armedTimersAreListedSoonestFirstAcrossManyInstances() {
    List<TimerView> expected = new ArrayList<>();
    for (int i = 0; i < 450; i++) {
      // every instance has a late timer and one that interleaves with the other instances'
      ArmedTimer soon = timer("waiting", "REMIND", T0.plusSeconds((i * 7919L) % 1000));
      ArmedTimer late = timer("waiting.deep", "EXPIRE", T0.plusSeconds(500 + i));
      String id = String.format("o-%03d", i);
      create(instance(id).in("waiting.deep").timers(late, soon));
      expected.add(new TimerView(id, "order", "waiting", "REMIND", soon.due(), 0, soon.key()));
      expected.add(new TimerView(id, "order", "waiting.deep", "EXPIRE", late.due(), 0, late.key()));
    }
    expected.sort(TimerPosition.ORDER);

    assertThat(store.queueAdmin().armedTimers("order", null, null, 300))
        .isEqualTo(expected.subList(0, 300));
    assertThat(store.queueAdmin().armedTimers(null, null, "waiting.deep", 1000))
        .isEqualTo(expected.stream().filter(t -> t.state().equals("waiting.deep")).toList());
    assertThat(store.queueAdmin().armedTimers("invoice", null, null, 10)).isEmpty();
    assertThat(pagesOf(37)).as("paged through, each timer once").isEqualTo(expected);
  }

  /** Every armed timer, read {@code size} at a time from the last one of the page before. */
  private List<TimerView> pagesOf(int size) {
    List<TimerView> read = new ArrayList<>();
    TimerPosition after = null;
    List<TimerView> page;
    do {
      page = store.queueAdmin().armedTimers("order", null, null, after, size);
      read.addAll(page);
      after = page.isEmpty() ? null : TimerPosition.of(page.get(page.size() - 1));
    } while (page.size() == size);
    return read;
  }
}
