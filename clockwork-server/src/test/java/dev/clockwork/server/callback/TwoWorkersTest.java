package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two servers sharing one database never deliver the same callback twice: a claim leases due
 * callbacks {@code FOR UPDATE SKIP LOCKED}, and only the lease holder records an attempt.
 */
class TwoWorkersTest {
  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final ExecutorService threads = Executors.newFixedThreadPool(2);

  @AfterEach
  void close() {
    threads.shutdownNow();
    receiver.close();
    fixture.close();
  }

  @Test
  void aCallbackBeingDeliveredByOneWorkerIsNotTakenByAnother() throws Exception {
    Callbacks first = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    Callbacks second = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    String id = fixture.job("shared");
    long eventId = fixture.send(first, id, "GO", receiver.url("/once")).id();
    fixture.engine.runDue();
    receiver.holding();

    CompletableFuture<Integer> delivering = CompletableFuture.supplyAsync(first::runDue, threads);
    assertThat(receiver.awaitFirst()).as("the first worker's POST is in flight").isTrue();
    assertThat(second.runDue()).as("the second worker finds nothing to claim").isZero();
    receiver.release();

    assertThat(delivering.get(10, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(second.runDue()).isZero();
    assertThat(receiver.requests()).hasSize(1);
    assertThat(first.deliveries(id, eventId).get(0).attempts()).isEqualTo(1);
  }

  @Test
  void twoWorkersStartedTogetherDeliverEachCallbackOnce() throws Exception {
    Callbacks first = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    Callbacks second = new Callbacks(fixture.engine, fixture.options(receiver, b -> b));
    List<String> ids = IntStream.range(0, 60).mapToObj(i -> fixture.job("race-" + i)).toList();
    ids.forEach(id -> fixture.send(first, id, "GO", receiver.url("/" + id)));
    fixture.engine.runDue();

    CountDownLatch start = new CountDownLatch(1);
    CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> run(start, first), threads);
    CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> run(start, second), threads);
    start.countDown();

    assertThat(a.get(30, TimeUnit.SECONDS) + b.get(30, TimeUnit.SECONDS)).isEqualTo(60);
    assertThat(receiver.requests()).hasSize(60);
    assertThat(receiver.requests()).extracting(Receiver.Request::path).doesNotHaveDuplicates();
  }

  private static int run(CountDownLatch start, Callbacks callbacks) {
    try {
      start.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
    return callbacks.runDue();
  }
}
