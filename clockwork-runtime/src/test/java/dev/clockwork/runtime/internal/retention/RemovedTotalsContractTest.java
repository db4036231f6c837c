package dev.clockwork.runtime.internal.retention;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.StoreContract;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every store keeps running totals of the rows retention removed, per machine with retention of its
 * own ({@code *} for the others) and table: a pass that removes N rows adds N, what steps added by
 * modules removed counts too, and a pass that removes nothing adds no row.
 */
public abstract class RemovedTotalsContractTest extends StoreContract {
  static final Instant NOW = T0.plus(Duration.ofDays(400));
  private static final String OTHERS = RemovedTotal.EVERY_OTHER_MACHINE;

  /** Finished instances are kept 3 days; {@code order}'s 2 days. */
  private static final Settings SETTINGS =
      Settings.defaults()
          .with(
              s ->
                  s.retention(r -> r.finishedInstances(Duration.ofDays(3)))
                      .machine(
                          "order", m -> m.retention(r -> r.finishedInstances(Duration.ofDays(2)))));

  private void finished(String id, String machine) {
    store
        .work()
        .create(
            InstanceBuilder.instance(id)
                .machine(machine)
                .status(InstanceStatus.DONE)
                .updatedAt(T0)
                .build(),
            List.of());
  }

  private RemovedRows pass(Instant at, RetentionSteps steps) {
    return new RetentionPass(
            SETTINGS,
            store.retention(),
            Clock.fixed(at, ZoneOffset.UTC),
            new Listeners(List.of()),
            null,
            steps)
        .runOnce();
  }

  private List<RemovedTotal> totals(String table) {
    return store.retention().removedTotals().stream()
        .filter(total -> total.table().equals(table))
        .toList();
  }

  @Test
  void aPassThatRemovesRowsAddsThemToItsScopesTotals() {
    for (String id : List.of("o1", "o2", "o3")) {
      finished(id, "order");
    }
    finished("i1", "invoice");
    finished("i2", "invoice");

    RemovedRows removed = pass(NOW, new RetentionSteps());

    assertThat(removed.of(RemovedRows.INSTANCES)).isEqualTo(5);
    assertThat(totals(RemovedRows.INSTANCES))
        .containsExactly(
            new RemovedTotal(OTHERS, RemovedRows.INSTANCES, 2, NOW),
            new RemovedTotal("order", RemovedRows.INSTANCES, 3, NOW));

    finished("i3", "invoice");
    Instant later = NOW.plus(Duration.ofHours(1));
    pass(later, new RetentionSteps());

    assertThat(totals(RemovedRows.INSTANCES))
        .as("running totals: the next pass adds to them")
        .containsExactly(
            new RemovedTotal(OTHERS, RemovedRows.INSTANCES, 3, later),
            new RemovedTotal("order", RemovedRows.INSTANCES, 3, NOW));
  }

  @Test
  void whatAModulesStepRemovedCountsWithTheOthers() {
    RetentionSteps steps = new RetentionSteps();
    steps.add("schedule_audit", now -> now.equals(NOW) ? 7 : 0);

    assertThat(pass(NOW, steps).of("schedule_audit")).isEqualTo(7);

    assertThat(store.retention().removedTotals())
        .containsExactly(new RemovedTotal(OTHERS, "schedule_audit", 7, NOW));
  }

  @Test
  void aPassThatRemovesNothingAddsNoRow() {
    finished("i1", "invoice");

    pass(T0.plus(Duration.ofDays(1)), new RetentionSteps());

    assertThat(store.retention().removedTotals()).isEmpty();
  }

  @Test
  void theStoreAddsTableByTable() {
    store
        .retention()
        .recordRemoved(
            "order", new RemovedRows(Map.of(RemovedRows.HISTORY, 4L, RemovedRows.QUEUE, 1L)), NOW);
    store
        .retention()
        .recordRemoved(
            "order", new RemovedRows(Map.of(RemovedRows.HISTORY, 6L)), NOW.plusSeconds(1));

    assertThat(store.retention().removedTotals())
        .containsExactly(
            new RemovedTotal("order", RemovedRows.HISTORY, 10, NOW.plusSeconds(1)),
            new RemovedTotal("order", RemovedRows.QUEUE, 1, NOW));
  }
}
