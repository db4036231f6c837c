package dev.clockwork.chaos.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.chaos.check.Checker;
import dev.clockwork.chaos.check.Observer;
import dev.clockwork.chaos.check.Verdict;
import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.producer.EventKind;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator on an in-memory engine: its pauses are recorded, its purges counted. */
class QueueOperatorTest {
  private final InMemoryStore store = new InMemoryStore();
  private final Engine engine = ChaosEngine.build(store, "test");
  private final QueueOperator operator =
      new QueueOperator(engine.admin().queues(), ChaosMachine.ID);

  @Test
  void aPauseIsRecordedFromItsStartToItsResume() throws InterruptedException {
    engine.create(NewInstance.of(ChaosMachine.ID).id("i-1"));
    assertThat(operator.pause()).isEqualTo("0 pending, 0 leased");
    assertThat(engine.admin().queues().status(ChaosMachine.ID).paused()).isTrue();
    assertThat(operator.pause()).startsWith("already paused since");
    assertThat(operator.resume()).startsWith("resumed after");
    assertThat(engine.admin().queues().status(ChaosMachine.ID).paused()).isFalse();
    assertThat(operator.resume()).isEqualTo("not paused");
    assertThat(operator.actions().pauses())
        .singleElement()
        .satisfies(p -> assertThat(p.until()).isAfterOrEqualTo(p.from()));
  }

  /**
   * What a purge does to a poison event's fate: {@code engine.event} still answers, from its {@code
   * FAILED} history row, dead-lettered with no errors listed (not UnknownEventIdException), and the
   * dead letters no longer hold it. The checker counts it against the purges, not as lost.
   */
  @Test
  void aPurgedPoisonEventIsCountedAgainstThePurges() {
    engine.create(NewInstance.of(ChaosMachine.ID).id("i-1"));
    long id = engine.enqueue("i-1", Event.of("POISON", Map.of(ChaosMachine.SEQ, 1L))).id();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              engine.runDue();
              return engine.instances().event("i-1", id).state() == EventStatus.State.DEAD_LETTERED;
            });
    assertThat(operator.purgeDeadLetters(Duration.ZERO)).isEqualTo(1);

    EventStatus after = engine.instances().event("i-1", id);
    assertThat(after.state()).isEqualTo(EventStatus.State.DEAD_LETTERED);
    assertThat(after.errors()).isEmpty();
    assertThat(after.attempts()).isEqualTo(ChaosEngine.MAX_ATTEMPTS);
    assertThat(engine.admin().queues().deadLetters(ChaosMachine.ID, 10)).isEmpty();

    List<Acknowledged> ledger = List.of(new Acknowledged("i-1", 1, EventKind.POISON, id));
    Verdict verdict =
        new Checker(ChaosEngine.MAX_ATTEMPTS)
            .check(
                ledger,
                new Observer(engine, store).read(List.of("i-1"), ledger),
                operator.actions());
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.PURGED).checkedCount()).isEqualTo(1);
    assertThat(operator.counts())
        .isEqualTo("0 pauses (0.0 s paused in all), 1 purges deleting 1 dead letters");
  }
}
