package dev.clockwork.runtime.internal.retention;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.SettingsBuilder;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StoreContract;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import dev.clockwork.runtime.store.retention.RemovedRows;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Every retention setting changes what a pass removes, on every store: each test stores rows that
 * the defaults keep and the setting removes (so a setting the pass ignores fails here), the
 * per-machine override included; one pass runs at a time.
 */
public abstract class RetentionPassContractTest extends StoreContract {
  static final Instant NOW = T0.plus(Duration.ofDays(400));

  private final List<RemovedRows> heard = new CopyOnWriteArrayList<>();

  /** Runs one pass at {@link #NOW} with the defaults and {@code code} over them. */
  private RemovedRows pass(Consumer<SettingsBuilder> code) {
    return pass(code, null);
  }

  /** As {@link #pass(Consumer)}, archiving finished instances to {@code archiver} first. */
  private RemovedRows pass(Consumer<SettingsBuilder> code, Archiver archiver) {
    EngineListener listener =
        new EngineListener() {
          @Override
          public void retentionPassed(RemovedRows removed, Duration took) {
            heard.add(removed);
          }
        };
    return new RetentionPass(
            Settings.defaults().with(code),
            store.retention(),
            Clock.fixed(NOW, ZoneOffset.UTC),
            new Listeners(List.of(listener)),
            archiver)
        .runOnce();
  }

  private static Consumer<SettingsBuilder> defaults() {
    return s -> {};
  }

  private void finished(String id, String machine, Instant at) {
    store
        .work()
        .create(
            InstanceBuilder.instance(id)
                .machine(machine)
                .status(InstanceStatus.DONE)
                .updatedAt(at)
                .build(),
            List.of());
  }

  /** A running order with {@code rows} history rows an hour apart, the newest an hour ago. */
  private void running(String id, int rows, Duration spacing) {
    InstanceRecord record = InstanceBuilder.instance(id).historySequence(rows).build();
    List<HistoryEntry> history = new ArrayList<>();
    for (int seq = 1; seq <= rows; seq++) {
      history.add(
          new HistoryEntry(
              seq,
              id,
              record.conversationId(),
              NOW.minus(spacing.multipliedBy(rows - seq + 1)),
              Kind.EVENT,
              "E",
              Map.of(),
              List.of("waiting"),
              ""));
    }
    store.work().create(record, history);
  }

  private boolean exists(String id) {
    return store.instances().find(id).isPresent();
  }

  private int historyRows(String id) {
    return store.instances().history(id, 0, 1_000).size();
  }

  @Test
  void finishedInstances() {
    finished("a", "order", NOW.minus(Duration.ofDays(5)));

    pass(defaults());
    assertThat(exists("a")).as("kept 30 days by default").isTrue();

    RemovedRows removed = pass(s -> s.retention(r -> r.finishedInstances(Duration.ofDays(3))));
    assertThat(exists("a")).isFalse();
    assertThat(removed.of(RemovedRows.INSTANCES)).isEqualTo(1);
    assertThat(heard).last().isEqualTo(removed);
  }

  @Test
  void anArchiveThatFailsDeletesNothingAndTheNextPassArchivesThenDeletes() {
    InstanceRecord done =
        InstanceBuilder.instance("a")
            .status(InstanceStatus.DONE)
            .historySequence(2)
            .updatedAt(NOW.minus(Duration.ofDays(5)))
            .build();
    List<HistoryEntry> history = new ArrayList<>();
    for (int seq = 1; seq <= 2; seq++) {
      history.add(
          new HistoryEntry(
              seq,
              "a",
              done.conversationId(),
              NOW.minus(Duration.ofDays(6 - seq)),
              Kind.EVENT,
              "E" + seq,
              Map.of("n", (long) seq),
              List.of("waiting"),
              ""));
    }
    store.work().create(done, history);
    List<HistoryEntry> stored = store.instances().history("a", 0, 100);
    Consumer<SettingsBuilder> threeDays =
        s -> s.retention(r -> r.finishedInstances(Duration.ofDays(3)));

    RemovedRows refused =
        pass(
            threeDays,
            batch -> {
              throw new IOException("the disk is full");
            });
    assertThat(exists("a")).as("not archived, so not deleted").isTrue();
    assertThat(refused.of(RemovedRows.INSTANCES)).isZero();

    List<ArchivedInstance> archived = new ArrayList<>();
    List<Boolean> storedWhileArchived = new ArrayList<>();
    pass(
        threeDays,
        batch -> {
          storedWhileArchived.add(exists("a"));
          archived.addAll(batch);
        });

    assertThat(exists("a")).isFalse();
    assertThat(storedWhileArchived).as("archived before the delete").containsExactly(true);
    assertThat(archived).extracting(a -> a.instance().id()).containsExactly("a");
    assertThat(archived.get(0).history()).as("with its history").isEqualTo(stored).hasSize(2);
  }

  @Test
  void finishedInstancesOfOneMachine() {
    finished("o", "order", NOW.minus(Duration.ofDays(5)));
    finished("i", "invoice", NOW.minus(Duration.ofDays(5)));

    pass(s -> s.machine("order", m -> m.retention(r -> r.finishedInstances(Duration.ofDays(3)))));

    assertThat(exists("o")).isFalse();
    assertThat(exists("i")).as("the system's 30 days for other machines").isTrue();
  }

  @Test
  void aMachineMayKeepLongerThanTheSystem() {
    finished("o", "order", NOW.minus(Duration.ofDays(5)));
    finished("i", "invoice", NOW.minus(Duration.ofDays(5)));

    pass(
        s ->
            s.retention(r -> r.finishedInstances(Duration.ofDays(3)))
                .machine("order", m -> m.retention(r -> r.finishedInstances(Duration.ofDays(9)))));

    assertThat(exists("o")).isTrue();
    assertThat(exists("i")).isFalse();
  }

  @Test
  void historyMaxRows() {
    running("r", 10, Duration.ofMinutes(1));

    pass(defaults());
    assertThat(historyRows("r")).as("10,000 rows by default").isEqualTo(10);

    RemovedRows removed = pass(s -> s.retention(r -> r.history(h -> h.maxRows(4))));
    assertThat(historyRows("r")).isEqualTo(4);
    assertThat(removed.of(RemovedRows.HISTORY)).isEqualTo(6);
  }

  @Test
  void trimmedHistoryIsArchivedBeforeItIsDeletedAndAFailingArchiveTrimsNothing() {
    running("r", 10, Duration.ofMinutes(1));
    List<HistoryEntry> stored = store.instances().history("r", 0, 100);
    Consumer<SettingsBuilder> fourRows = s -> s.retention(r -> r.history(h -> h.maxRows(4)));

    RemovedRows refused =
        pass(
            fourRows,
            batch -> {
              throw new IOException("the disk is full");
            });
    assertThat(historyRows("r")).as("not archived, so not trimmed").isEqualTo(10);
    assertThat(refused.of(RemovedRows.HISTORY)).isZero();

    List<ArchivedInstance> archived = new ArrayList<>();
    List<Integer> rowsWhileArchived = new ArrayList<>();
    Archiver archiver =
        batch -> {
          rowsWhileArchived.add(historyRows("r"));
          archived.addAll(batch);
        };
    pass(fourRows, archiver);

    assertThat(historyRows("r")).isEqualTo(4);
    assertThat(rowsWhileArchived).as("archived before the delete").containsExactly(10);
    assertThat(archived).hasSize(1);
    assertThat(archived.get(0).reason()).isEqualTo(ArchivedInstance.Reason.TRIMMED);
    assertThat(archived.get(0).instance().id()).isEqualTo("r");
    assertThat(archived.get(0).history())
        .as("the seven rows that went (the seventh became the marker)")
        .isEqualTo(stored.subList(0, 7));

    archived.clear();
    pass(s -> s.retention(r -> r.history(h -> h.maxRows(2))), archiver);
    assertThat(archived.get(0).history())
        .as("the next trim archives its two ordinary rows, not the marker")
        .isEqualTo(stored.subList(7, 9));
  }

  @Test
  void historyMaxRowsOfOneMachine() {
    running("r", 10, Duration.ofMinutes(1));

    pass(s -> s.machine("invoice", m -> m.retention(r -> r.history(h -> h.maxRows(4)))));
    assertThat(historyRows("r")).as("another machine's setting").isEqualTo(10);

    pass(s -> s.machine("order", m -> m.retention(r -> r.history(h -> h.maxRows(4)))));
    assertThat(historyRows("r")).isEqualTo(4);
  }

  @Test
  void eachPassTrimsFromWhereTheLastStopped() {
    for (String id : List.of("a", "b", "c", "d", "e")) {
      running(id, 3, Duration.ofMinutes(1));
    }
    RetentionPass twoAPass =
        new RetentionPass(
            Settings.defaults().with(s -> s.retention(r -> r.history(h -> h.maxRows(2)))),
            store.retention(),
            Clock.fixed(NOW, ZoneOffset.UTC),
            new Listeners(List.of()),
            null,
            2,
            1);

    twoAPass.runOnce();
    assertThat(List.of("a", "b", "c", "d", "e").stream().map(this::historyRows))
        .containsExactly(2, 2, 3, 3, 3);
    twoAPass.runOnce();
    assertThat(List.of("c", "d", "e").stream().map(this::historyRows)).containsExactly(2, 2, 3);
    twoAPass.runOnce();
    assertThat(historyRows("e")).as("reached in the third pass").isEqualTo(2);
  }

  @Test
  void historyMaxAge() {
    running("r", 10, Duration.ofDays(1)); // ten rows, 10 days ago to 1 day ago

    pass(defaults());
    assertThat(historyRows("r")).as("365 days by default").isEqualTo(10);

    pass(s -> s.retention(r -> r.history(h -> h.maxAge(Duration.ofHours(60)))));
    List<HistoryEntry> rows = store.instances().history("r", 0, 100);
    assertThat(rows).hasSize(3); // the marker, and the rows of 2 days and 1 day ago
    assertThat(rows.get(0).kind()).isEqualTo(Kind.TRIMMED);
  }

  @Test
  void idempotencyKeys() {
    create(InstanceBuilder.instance("a"));
    store
        .queue()
        .enqueue(event("a", "PAID", NOW.minus(Duration.ofDays(3))).withIdempotencyKey("k"));

    pass(defaults());
    assertThat(store.queue().idempotencyRecord("a", "k")).as("7 days by default").isPresent();

    pass(s -> s.retention(r -> r.idempotencyKeys(Duration.ofDays(2))));
    assertThat(store.queue().idempotencyRecord("a", "k")).isEmpty();
  }

  @Test
  void callbacks() {
    create(InstanceBuilder.instance("a"));
    StoredCallback callback =
        store
            .callbacks()
            .register(
                new NewCallback(
                    "a",
                    "k",
                    "PAID",
                    Map.of(),
                    null,
                    URI.create("http://x/cb"),
                    "ada",
                    NOW.minus(Duration.ofDays(3))));
    store.callbacks().bind(callback.id(), 1);
    store.callbacks().abandon(callback.id(), "never queued");

    pass(defaults());
    assertThat(store.callbacks().forEvent("a", 1)).as("7 days by default").hasSize(1);

    pass(s -> s.retention(r -> r.callbacks(Duration.ofDays(2))));
    assertThat(store.callbacks().forEvent("a", 1)).isEmpty();
  }

  @Test
  void operatorLog() {
    store
        .operatorLog()
        .append(
            new OperatorAction(
                0, NOW.minus(Duration.ofDays(60)), "ada", null, "api", "queue.pause", "q", null));

    pass(defaults());
    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10))
        .as("365 days by default")
        .hasSize(1);

    RemovedRows removed = pass(s -> s.retention(r -> r.operatorLog(Duration.ofDays(30))));
    assertThat(store.operatorLog().list(null, Long.MAX_VALUE, 10)).isEmpty();
    assertThat(removed.of(RemovedRows.OPERATOR_LOG)).isEqualTo(1);
  }

  @Test
  void onePassRunsAtATime() {
    finished("a", "order", NOW.minus(Duration.ofDays(40)));
    List<Boolean> inner = new ArrayList<>();

    boolean outer =
        store.retention().exclusively(() -> inner.add(store.retention().exclusively(() -> {})));

    assertThat(outer).isTrue();
    assertThat(inner).containsExactly(false);
    store
        .retention()
        .exclusively(
            () -> {
              assertThat(pass(defaults()))
                  .as("a pass while another runs")
                  .isEqualTo(RemovedRows.NONE);
            });
    assertThat(exists("a")).isTrue();
    assertThat(heard).as("a pass that did not run is not reported").isEmpty();
    assertThat(store.retention().exclusively(() -> {})).as("the lock is given back").isTrue();
  }
}
