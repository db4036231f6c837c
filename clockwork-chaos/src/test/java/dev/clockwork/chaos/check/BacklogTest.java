package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * I11 judges from when the events queued before the workers were all up are worked off: an event
 * still waiting from before holds it back, one enqueued after does not.
 */
class BacklogTest {
  private static final Duration SHORT = Duration.ofMillis(300);

  private final Engine engine = ChaosEngine.build(new InMemoryStore(), "test");
  private final Backlog backlog = new Backlog(engine.admin().queues(), engine.clock());

  @Test
  void anEventQueuedBeforeTheWorkersWereUpHoldsTheJudgingBackUntilItIsApplied()
      throws InterruptedException {
    engine.create(NewInstance.of(ChaosMachine.ID).id("i-1"));
    engine.enqueue("i-1", Event.of("STEP", Map.of(ChaosMachine.SEQ, 1L)));
    Instant upAt = engine.clock().instant().plusMillis(1);

    assertThat(backlog.awaitWorkedOff(upAt, SHORT)).isNull();

    engine.runDue();
    Instant workedOff = backlog.awaitWorkedOff(upAt, SHORT);
    assertThat(workedOff).isNotNull().isAfterOrEqualTo(upAt);
  }

  @Test
  void eventsQueuedAfterTheWorkersWereUpAreNotABacklog() throws InterruptedException {
    engine.create(NewInstance.of(ChaosMachine.ID).id("i-1"));
    Instant upAt = engine.clock().instant();
    engine.enqueue("i-1", Event.of("STEP", Map.of(ChaosMachine.SEQ, 1L)));

    assertThat(engine.admin().queues().status(ChaosMachine.ID).pending()).isEqualTo(1);
    assertThat(backlog.awaitWorkedOff(upAt, SHORT)).isNotNull();
  }
}
