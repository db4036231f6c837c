package dev.clockwork.postgres;

import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Idle workers wake on NOTIFY, from this store or another on the same database. Each test first
 * waits a millisecond so the store is listening (a listening connection keeps what arrives while
 * nobody waits), then waits in the background for a minute: returning within seconds means the
 * notification woke it.
 */
class AwaitWorkTest extends StoreFixture {
  private static final Duration A_MINUTE = Duration.ofMinutes(1);

  @Test
  void anEnqueueByAnotherStoreWakesAWaitingWorker() throws InterruptedException {
    create("o-1", T0);
    try (PostgresStore other =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build()) {
      other.awaitWork(Duration.ofMillis(1));
      CompletableFuture<Void> waiting = waitInBackground(other);
      enqueue("o-1", "A", T0);
      await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
    }
  }

  @Test
  void aReleaseWithEventsWaitingWakesEveryWaitingThread() throws InterruptedException {
    create("o-1", T0);
    Claim claim = store.lease("o-1", "sync", LEASE, T0).orElseThrow();
    enqueue("o-1", "A", T0);
    store.awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> first = waitInBackground(store);
    CompletableFuture<Void> second = waitInBackground(store);
    store.release(claim.lease());
    await().atMost(Duration.ofSeconds(10)).until(() -> first.isDone() && second.isDone());
  }

  @Test
  void aCommitThatReleasesAnInstanceWithEventsWaitingWakesAWaitingWorker()
      throws InterruptedException {
    create("o-1", T0);
    Claim claim = store.lease("o-1", "sync", LEASE, T0).orElseThrow();
    enqueue("o-1", "A", T0);
    store.awaitWork(Duration.ofMillis(1)); // the enqueue's own wake-up
    CompletableFuture<Void> waiting = waitInBackground(store);
    store.commit(List.of(commitOf(claim, List.of(), List.of(), true)));
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void aCommitThatSendsEventsWakesAWaitingWorker() throws InterruptedException {
    create("o-1", T0);
    create("o-2", T0);
    Claim claim = store.lease("o-1", "sync", LEASE, T0).orElseThrow();
    store.awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> waiting = waitInBackground(store);
    QueuedEvent sent = QueuedEvent.of("o-2", "order", Event.of("A"), "emit", T0);
    store.commit(List.of(commitOf(claim, List.of(), List.of(sent), false)));
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void closingTheStoreEndsAWait() throws InterruptedException {
    store.awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> waiting = waitInBackground(store);
    store.close();
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  private static CompletableFuture<Void> waitInBackground(PostgresStore store) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                store.awaitWork(A_MINUTE);
                done.complete(null);
              } catch (InterruptedException e) {
                done.completeExceptionally(e);
              }
            },
            "await-work-test");
    waiter.setDaemon(true);
    waiter.start();
    return done;
  }
}
