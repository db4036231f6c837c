package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** SKIP LOCKED claims: concurrent claimers share the due instances, never one instance. */
class ConcurrentClaimTest extends StoreFixture {

  @Test
  void fourClaimersNeverGetTheSameInstance() throws Exception {
    int instances = 200;
    for (int i = 0; i < instances; i++) {
      create("o-" + i);
      enqueue("o-" + i, "A", T0);
    }
    Map<String, String> owners = new ConcurrentHashMap<>();
    AtomicInteger duplicates = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      for (int t = 0; t < 4; t++) {
        String owner = "w" + t;
        ClaimRequest request =
            new ClaimRequest(owner, LEASE, T0, 7, 10, Map.of("order", instances), true);
        threads.submit(
            () -> {
              start.await();
              List<Claim> claims;
              do {
                claims = store.work().claim(request);
                for (Claim claim : claims) {
                  if (owners.putIfAbsent(claim.instance().id(), owner) != null) {
                    duplicates.incrementAndGet();
                  }
                }
              } while (!claims.isEmpty());
              return null;
            });
      }
      start.countDown();
      await().atMost(Duration.ofSeconds(30)).until(() -> owners.size() == instances);
    } finally {
      threads.shutdown();
    }
    assertThat(duplicates).hasValue(0);
    assertThat(claim(T0.plusSeconds(1))).isEmpty();
    ClaimRequest afterExpiry =
        new ClaimRequest("late", LEASE, T0.plus(LEASE), 1000, 10, Map.of("order", 1000), true);
    assertThat(store.work().claim(afterExpiry)).hasSize(instances);
  }
}
