package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.store.Claim;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** SKIP LOCKED claims: concurrent claimers share the ready instances, never one instance. */
class ConcurrentClaimTest extends StoreFixture {

  @Test
  void twoClaimersNeverGetTheSameInstance() throws Exception {
    int instances = 200;
    for (int i = 0; i < instances; i++) {
      create("o-" + i, T0);
      enqueue("o-" + i, "A", T0);
    }
    Map<String, String> owners = new ConcurrentHashMap<>();
    AtomicInteger duplicates = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      for (int t = 0; t < 4; t++) {
        String owner = "w" + t;
        threads.submit(
            () -> {
              start.await();
              List<Claim> claims;
              do {
                claims = store.claim(owner, LEASE, T0, 7, 10);
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
    assertThat(owners.values()).as("work was shared").containsAnyOf("w0", "w1", "w2", "w3");
    assertThat(store.claim("late", LEASE, T0.plusSeconds(1), 10, 10)).isEmpty();
    assertThat(store.claim("late", LEASE, T0.plus(LEASE), 1000, 10)).hasSize(instances);
  }
}
