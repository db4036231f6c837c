package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.postgres.internal.WorkSignal;
import dev.clockwork.runtime.store.Claim;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Idle workers wake on NOTIFY, from this store or another on the same database. Each test first
 * waits a millisecond so the store is listening (the first wait connects and listens), then waits
 * in the background, on a new thread, for a minute: returning within seconds means the notification
 * woke it.
 */
class AwaitWorkTest extends StoreFixture {
  private static final Duration A_MINUTE = Duration.ofMinutes(1);

  @Test
  void anEnqueueByAnotherStoreWakesAWaitingWorker() throws InterruptedException {
    create("o-1");
    try (PostgresStore other = newPostgresStore()) {
      other.work().awaitWork(Duration.ofMillis(1));
      CompletableFuture<Void> waiting = waitInBackground(other);
      enqueue("o-1", "A", T0);
      await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
    }
  }

  @Test
  void aReleaseWithEventsWaitingWakesEveryWaitingThread() throws InterruptedException {
    create("o-1");
    Claim claim = store.work().lease("o-1", "sync", LEASE, T0).orElseThrow();
    enqueue("o-1", "A", T0);
    store.work().awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> first = waitInBackground(postgres);
    CompletableFuture<Void> second = waitInBackground(postgres);
    store.work().release(claim.lease());
    await().atMost(Duration.ofSeconds(10)).until(() -> first.isDone() && second.isDone());
  }

  @Test
  void aCommitThatReleasesAnInstanceWithEventsWaitingWakesAWaitingWorker()
      throws InterruptedException {
    create("o-1");
    Claim claim = store.work().lease("o-1", "sync", LEASE, T0).orElseThrow();
    enqueue("o-1", "A", T0);
    store.work().awaitWork(Duration.ofMillis(1)); // the enqueue's own wake-up
    CompletableFuture<Void> waiting = waitInBackground(postgres);
    commitAll(update(claim));
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void aCommitThatSendsEventsWakesAWaitingWorker() throws InterruptedException {
    create("o-1", "o-2");
    Claim claim = store.work().lease("o-1", "sync", LEASE, T0).orElseThrow();
    store.work().awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> waiting = waitInBackground(postgres);
    commitAll(update(claim).outgoing(List.of(event("o-2", "A", T0))));
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void aCommitThatArmsATimerWakesAWaitingWorkerToLookAtItsDueInstant() throws InterruptedException {
    create("o-1");
    Claim claim = store.work().lease("o-1", "sync", LEASE, T0).orElseThrow();
    store.work().awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> waiting = waitInBackground(postgres);
    commitAll(update(claim, nextOf(claim).timers(timer("waiting", "EXPIRE", T0.plusSeconds(5)))));
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void closingTheStoreEndsAWait() throws InterruptedException {
    store.work().awaitWork(Duration.ofMillis(1));
    CompletableFuture<Void> waiting = waitInBackground(postgres);
    postgres.close();
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
  }

  @Test
  void interruptingAWaitingWorkerEndsItsWait() throws InterruptedException {
    store.work().awaitWork(Duration.ofMillis(1));
    Thread[] waiter = new Thread[1];
    CompletableFuture<Void> waiting = waitInBackground(postgres, thread -> waiter[0] = thread);
    await().until(() -> waiter[0].getState() == Thread.State.TIMED_WAITING);
    waiter[0].interrupt(); // as a stopping engine does to its idle workers
    await().atMost(Duration.ofSeconds(10)).until(waiting::isDone);
    assertThat(waiting).isCompletedExceptionally();
  }

  /**
   * An enqueue pokes its own store's waiters; the notification that comes back carries the signal's
   * own payload and is not counted again (a second wake-up, a claim for nothing). One from
   * elsewhere still wakes them.
   */
  @Test
  void aNotificationCarryingTheSignalsOwnPayloadDoesNotWakeItsWaiters()
      throws InterruptedException {
    try (WorkSignal signal = new WorkSignal(DB.dataSource(), "clockwork_work")) {
      signal.await("clockwork_work", Duration.ofMillis(1)); // listening
      Thread[] waiter = new Thread[1];
      CompletableFuture<Void> done =
          waitInBackground(
              () -> signal.await("clockwork_work", A_MINUTE), thread -> waiter[0] = thread);
      await().until(() -> waiter[0].getState() == Thread.State.TIMED_WAITING);

      DB.single("SELECT CAST(pg_notify('clockwork_work', ?) AS text)", signal.own());
      await()
          .during(Duration.ofMillis(500))
          .atMost(Duration.ofSeconds(5))
          .until(() -> !done.isDone());
      DB.single("SELECT CAST(pg_notify('clockwork_work', 'elsewhere') AS text)");
      await().atMost(Duration.ofSeconds(10)).until(done::isDone);
    }
  }

  private static dev.clockwork.runtime.store.InstanceBuilder nextOf(Claim claim) {
    return dev.clockwork.runtime.store.InstanceBuilder.nextOf(claim.instance());
  }

  /** A wait a thread may be interrupted out of. */
  private interface Wait {
    void await() throws InterruptedException;
  }

  private static CompletableFuture<Void> waitInBackground(PostgresStore store) {
    return waitInBackground(store, thread -> {});
  }

  private static CompletableFuture<Void> waitInBackground(
      PostgresStore store, Consumer<Thread> started) {
    return waitInBackground(() -> store.work().awaitWork(A_MINUTE), started);
  }

  /** Runs {@code wait} on a new thread (handed to {@code started} first); done when it returns. */
  private static CompletableFuture<Void> waitInBackground(Wait wait, Consumer<Thread> started) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                wait.await();
                done.complete(null);
              } catch (InterruptedException e) {
                done.completeExceptionally(e);
              }
            },
            "await-work-test");
    waiter.setDaemon(true);
    started.accept(waiter);
    waiter.start();
    return done;
  }
}
