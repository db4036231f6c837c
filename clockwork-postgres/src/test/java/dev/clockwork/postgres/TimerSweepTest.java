package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The sweep moves each due fire into its queue exactly once, and never early. */
class TimerSweepTest extends StoreFixture {

  @Test
  void concurrentSweepersEnqueueEachFireOnce() throws Exception {
    for (int i = 0; i < 300; i++) {
      create("o-" + i, T0.plusMillis(i));
    }
    Instant later = T0.plus(Duration.ofHours(2));
    CyclicBarrier start = new CyclicBarrier(3);
    Callable<Integer> sweeper =
        () -> {
          start.await();
          int total = 0;
          int swept;
          do {
            swept = store.sweepDueTimers(later, 25);
            total += swept;
          } while (swept > 0);
          return total;
        };
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try {
      List<Future<Integer>> results = threads.invokeAll(List.of(sweeper, sweeper, sweeper));
      int total = 0;
      for (Future<Integer> result : results) {
        total += result.get();
      }
      assertThat(total).isEqualTo(300);
    } finally {
      threads.shutdownNow();
    }
    assertThat(store.pendingEvents()).isEqualTo(300);
    assertThat(DB.single("SELECT count(*) FROM cw_timer_fires")).isEqualTo(300L);
    assertThat(DB.single("SELECT count(DISTINCT instance_id) FROM cw_queue")).isEqualTo(300L);
    assertThat(store.nextTimerDue()).isEmpty();
  }

  @Test
  void reindexingAnArmedTimerWhoseFireIsQueuedDoesNotArmItAgain() {
    create("o-1", T0);
    Instant due = T0.plus(Duration.ofHours(1));
    assertThat(store.sweepDueTimers(due, 10)).isEqualTo(1);
    for (int i = 0; i < 3; i++) {
      Claim claim = store.lease("o-1", "sync", LEASE, due).orElseThrow();
      store.commit(List.of(commitOf(claim, List.of(), true)));
    }
    assertThat(store.armedTimers(null, null, 10)).isEmpty();
    assertThat(store.sweepDueTimers(due.plusSeconds(60), 10)).isZero();
    assertThat(store.pendingEvents()).isEqualTo(1);
  }

  @Test
  void aCommitThatKeepsTheTimersKeepsThemArmed() {
    create("o-1", T0);
    for (int i = 0; i < 2; i++) {
      Claim claim = store.lease("o-1", "sync", LEASE, T0).orElseThrow();
      store.commit(List.of(commitOf(claim, List.of(), true)));
    }
    assertThat(store.armedTimers("order", "waiting", 10)).hasSize(1);
    assertThat(store.sweepDueTimers(T0.plus(Duration.ofHours(1)), 10)).isEqualTo(1);
  }

  @Test
  void aFireRecordIsForgottenOnceTheSnapshotNoLongerHoldsThatTimer() {
    InstanceRecord created = create("o-1", T0);
    Instant due = T0.plus(Duration.ofHours(1));
    store.sweepDueTimers(due, 10);
    Claim claim = store.claim("w1", LEASE, due, 10, 10).get(0);
    QueuedEvent fire = claim.events().get(0);
    ArmedTimer armed = created.timers().get(0);
    ArmedTimer rearmed =
        new ArmedTimer(
            armed.key(),
            armed.event(),
            armed.entryId(),
            armed.enteredAt(),
            due.plus(Duration.ofHours(1)),
            1,
            false,
            null);
    InstanceRecord next =
        new InstanceRecord(
            "o-1",
            "order",
            1,
            claim.instance().conversationId(),
            claim.instance().active(),
            claim.instance().context(),
            List.of(rearmed),
            claim.instance().lastEntryId(),
            claim.instance().status(),
            2,
            claim.instance().historySequence(),
            claim.instance().createdAt(),
            due);
    store.commit(
        List.of(
            new StepCommit(claim.lease(), next, List.of(), List.of(fire.id()), List.of(), true)));

    assertThat(DB.single("SELECT count(*) FROM cw_timer_fires")).isEqualTo(0L);
    assertThat(store.nextTimerDue()).contains(due.plus(Duration.ofHours(1)));
    assertThat(store.sweepDueTimers(due.plus(Duration.ofHours(1)), 10)).isEqualTo(1);
  }

  @Test
  void aDueWithNanosecondsIsNeverSweptEarlyAndItsFireCarriesTheExactDue() {
    Instant entered = T0.plusNanos(123_456_789);
    create("o-1", entered);
    Instant due = entered.plus(Duration.ofHours(1));
    Instant dueRoundedUp = due.plusNanos(211);
    assertThat(store.nextTimerDue()).contains(dueRoundedUp);
    assertThat(store.armedTimers("order", null, 10).get(0).due()).isEqualTo(due);
    assertThat(store.sweepDueTimers(due.minusNanos(1), 10)).isZero();
    assertThat(store.sweepDueTimers(dueRoundedUp.minusNanos(1), 10)).isZero();
    assertThat(store.sweepDueTimers(dueRoundedUp, 10)).isEqualTo(1);
    QueuedEvent fire = store.claim("w1", LEASE, dueRoundedUp, 10, 10).get(0).events().get(0);
    assertThat(fire.event().timer().due()).isEqualTo(due);
    assertThat(store.find("o-1").orElseThrow().timers().get(0).due()).isEqualTo(due);
  }

  @Test
  void sweepsOnlyTheMachinesAskedForAndCountsWhatItEnqueued() {
    create("o-1", T0);
    create("o-2", T0.plusSeconds(1));
    Instant later = T0.plus(Duration.ofHours(2));
    assertThat(store.sweepDueTimers(later, 10, java.util.Set.of("invoice"))).isZero();
    assertThat(store.sweepDueTimers(later, 1, java.util.Set.of("order"))).isEqualTo(1);
    assertThat(store.sweepDueTimers(later, 10)).isEqualTo(1);
    assertThat(store.pendingEvents()).isEqualTo(2);
  }
}
