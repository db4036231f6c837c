package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.StepCommit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The instance row's head columns together with its pending-head markers always name the head of
 * its queue: claims read nothing else, so a wrong head would lose a wake-up (or claim an empty
 * queue again and again).
 */
class QueueHeadTest extends StoreFixture {
  /** Instances whose row and markers do not name the lowest queue id. */
  private static final String WRONG_HEADS =
      """
      SELECT count(*)
        FROM cw_instances i
       WHERE (SELECT min(q.id) FROM cw_queue q WHERE q.instance_id = i.id)
             IS DISTINCT FROM
             LEAST(i.next_event_id,
                   (SELECT min(p.event_id) FROM cw_pending_heads p WHERE p.instance_id = i.id))
      """;

  private static final ClaimRequest ANY = request(T0).withMaxInstances(4);

  @Test
  void concurrentEnqueuesClaimsAndCommitsNeverLeaveAWrongHead() throws Exception {
    int instances = 8;
    int perInstance = 40;
    for (int i = 0; i < instances; i++) {
      create("o-" + i);
    }
    CyclicBarrier start = new CyclicBarrier(3);
    Callable<Integer> producer =
        () -> {
          start.await();
          for (int n = 0; n < perInstance; n++) {
            for (int i = 0; i < instances; i++) {
              enqueue("o-" + i, "E", T0);
            }
          }
          return 0;
        };
    Callable<Integer> consumer =
        () -> {
          start.await();
          int consumed = 0;
          int idle = 0;
          while (consumed < 2 * instances * perInstance && idle < 10_000) {
            List<Claim> claims = store.work().claim(ANY);
            if (claims.isEmpty()) {
              idle++;
              Thread.onSpinWait();
              continue;
            }
            consumed += consumeAll(claims);
          }
          return consumed;
        };
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<Integer>> results = threads.invokeAll(List.of(producer, producer, consumer));
      int consumed = results.get(2).get();
      assertThat(consumed + store.queue().pendingEvents()).isEqualTo(2L * instances * perInstance);
    } finally {
      threads.shutdownNow();
    }
    assertThat(DB.single(WRONG_HEADS)).isEqualTo(0L);

    long waiting = store.queue().pendingEvents();
    long drained = 0;
    List<Claim> claims;
    while (!(claims = store.work().claim(request(T0).withMaxInstances(100))).isEmpty()) {
      drained += consumeAll(claims);
    }
    assertThat(drained).isEqualTo(waiting);
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(pendingHeads()).isZero();
    assertThat(DB.single(WRONG_HEADS)).isEqualTo(0L);
    assertThat(DB.single("SELECT count(*) FROM cw_instances WHERE next_due_at IS NOT NULL"))
        .isEqualTo(0L);
  }

  @Test
  void enqueuesRacingOneEventTurnsOnTwoInstancesLeaveNoEventBehind() throws Exception {
    create("o-1", "o-2");
    int perProducer = 300;
    CyclicBarrier start = new CyclicBarrier(4);
    Callable<Integer> producer =
        () -> {
          start.await();
          for (int n = 0; n < perProducer; n++) {
            enqueue(n % 2 == 0 ? "o-1" : "o-2", "E", T0);
          }
          return 0;
        };
    ClaimRequest oneEach = new ClaimRequest("w", LEASE, T0, 2, 1, Map.of("order", 2), true);
    Callable<Integer> consumer =
        () -> {
          start.await();
          int consumed = 0;
          for (int idle = 0; consumed < 3 * perProducer && idle < 20_000; ) {
            List<Claim> claims = store.work().claim(oneEach);
            if (claims.isEmpty()) {
              idle++;
              continue;
            }
            consumed += consumeAll(claims);
          }
          return consumed;
        };
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      threads.invokeAll(List.of(producer, producer, producer, consumer)).get(3).get();
    } finally {
      threads.shutdownNow();
    }

    assertThat(DB.single(WRONG_HEADS)).isEqualTo(0L);
    List<Claim> rest;
    while (!(rest = store.work().claim(request(T0))).isEmpty()) {
      consumeAll(rest);
    }
    assertThat(store.queue().pendingEvents()).as("events no claim can reach").isZero();
  }

  @Test
  void aRetryMovesTheHeadToItsRetryInstantAndHoldsTheRestBack() {
    create("o-1");
    QueuedEvent first = enqueue("o-1", "A", T0);
    enqueue("o-1", "B", T0);
    Claim claim = store.work().claim(ANY).get(0);

    commitAll(update(claim).retried(List.of(failedAttempt(first, T0, T0.plusSeconds(8)))));

    assertThat(column("o-1", "next_event_at")).isEqualTo(T0.plusSeconds(8));
    assertThat(column("o-1", "next_due_at")).isEqualTo(T0.plusSeconds(8));
    assertThat(store.work().nextDue(T0, java.util.Set.of("order"), null))
        .contains(T0.plusSeconds(8));
  }

  @Test
  void aDeadLetterMovesTheHeadToTheNextEventOrClearsIt() {
    create("o-1");
    QueuedEvent poison = enqueue("o-1", "A", T0);
    QueuedEvent next = enqueue("o-1", "B", T0.plusSeconds(3));
    Claim claim = store.work().claim(ANY).get(0);
    commitAll(update(claim).deadLettered(List.of(failedAttempt(poison, T0, T0))));
    assertThat(column("o-1", "next_event_at")).isEqualTo(T0.plusSeconds(3));

    Claim again = store.work().claim(request(T0.plusSeconds(3))).get(0);
    commitAll(update(again).deadLettered(List.of(failedAttempt(next, T0, T0))));

    assertThat(column("o-1", "next_event_at")).isNull();
    assertThat(store.queueAdmin().deadLetters("order", null, 0, 10))
        .extracting(d -> d.event().id())
        .containsExactly(poison.id(), next.id());
    assertThat(DB.single(WRONG_HEADS)).isEqualTo(0L);
  }

  @Test
  void aRefusedCommitChangesNoHead() {
    create("o-1");
    QueuedEvent event = enqueue("o-1", "A", T0);
    Claim stale = store.work().claim(ANY).get(0);
    store.work().claim(request(T0.plus(LEASE)));

    assertThat(
            commit(update(stale).retried(List.of(failedAttempt(event, T0, T0.plusSeconds(99)))))
                .refused())
        .containsKey("o-1");
    assertThat(column("o-1", "next_event_at")).isEqualTo(T0);
  }

  private int consumeAll(List<Claim> claims) {
    List<StepCommit> commits = new ArrayList<>();
    int consumed = 0;
    for (Claim claim : claims) {
      List<Long> ids = claim.events().stream().map(QueuedEvent::id).toList();
      consumed += ids.size();
      commits.add(update(claim).consumed(ids).build());
    }
    assertThat(store.work().commit(commits).refused()).isEqualTo(Map.of());
    return consumed;
  }
}
