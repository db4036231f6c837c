package dev.clockwork.chaos.broken;

import static org.assertj.core.api.Assertions.assertThat;

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
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The suite's acceptance in process: the checker that passes the real store fails a store that
 * breaks a promise, naming the invariant. (The same with worker JVMs and faults: {@code
 * clockwork-chaos/run --break duplicate-commit --faults kill --seconds 40}.)
 */
class BrokenStoreTest {
  private static final List<String> INSTANCES = List.of("i-1", "i-2", "i-3", "i-4");
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  private long broken;

  /** 120 STEP events over four instances, processed by {@code runDue}, then checked. */
  private Verdict run(Breakage breakage) {
    BrokenStore store = new BrokenStore(new InMemoryStore(), breakage, QUIET);
    Engine engine = ChaosEngine.build(store, "test");
    INSTANCES.forEach(id -> engine.create(NewInstance.of(ChaosMachine.ID).id(id)));
    List<Acknowledged> ledger = new ArrayList<>();
    for (long seq = 1; seq <= 30; seq++) {
      for (String id : INSTANCES) {
        long eventId = engine.enqueue(id, Event.of("STEP", Map.of(ChaosMachine.SEQ, seq))).id();
        ledger.add(new Acknowledged(id, seq, EventKind.STEP, eventId));
      }
      if (seq % 3 == 0) {
        engine.runDue();
      }
    }
    while (engine.runDue() > 0) {
      // an event kept back is applied again on the next pass
    }
    broken = store.broken();
    return new Checker(ChaosEngine.MAX_ATTEMPTS)
        .check(ledger, new Observer(engine, store).read(INSTANCES, ledger));
  }

  @Test
  void theStoreAsItIsHolds() {
    Verdict verdict = run(Breakage.NONE);
    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.get(Checker.LOST).checkedCount()).isEqualTo(120);
  }

  @Test
  void aStoreThatLeavesAppliedEventsQueuedBreaksI2() {
    Verdict verdict = run(Breakage.DUPLICATE_COMMIT);
    assertThat(verdict.holds()).isFalse();
    assertThat(broken).isGreaterThanOrEqualTo(120 / BrokenStore.DUPLICATE_EVERY);
    assertThat(verdict.get(Checker.TWICE).violations()).isEqualTo(broken);
    assertThat(verdict.get(Checker.TWICE_IN_HISTORY).violations()).isPositive();
    assertThat(verdict.get(Checker.LOST).violations()).isZero();
  }

  @Test
  void breakagesParseByName() {
    assertThat(Breakage.parse("skip-lease-check")).isEqualTo(Breakage.SKIP_LEASE_CHECK);
    assertThat(Breakage.names())
        .isEqualTo("none, duplicate-commit, skip-lease-check, ignore-pause");
  }
}
