package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.TriggerRecordContractTest.Command;
import dev.clockwork.schedule.TriggerRecordContractTest.DiesAtWrite;
import dev.clockwork.schedule.TriggerRecordContractTest.NodeDied;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A tick evaluates a claimed batch of schedules together: their triggers written in one batch of
 * revision-checked writes ({@link ScheduleStore#commitAll}), their runs created in one commit
 * ({@link Engine#createAll}), their pending triggers dropped in one more batch. Whatever happens to
 * one schedule of the batch happens to it alone: a row an operator wins mid-tick starts nothing of
 * that schedule, a run that exists already is not refused with the others, a batched write that
 * fails is written one by one. Subclass once per store.
 */
public abstract class TickBatchContractTest {
  static final Instant START = Instant.parse("2026-03-01T10:00:30Z");
  static final Instant FIRST = Instant.parse("2026-03-01T10:01:00Z");
  static final List<String> IDS = List.of("a", "b", "c");

  final VirtualClock clock = VirtualClock.at(START);
  final List<Engine> engines = new ArrayList<>();
  final List<Integer> commits = Collections.synchronizedList(new ArrayList<>());
  ScheduleStorage storage;
  Node operator;

  /** An empty database. */
  protected abstract ScheduleStorage newStorage();

  record Node(Schedules schedules, Engine engine, Store instances) {}

  @BeforeEach
  void open() {
    storage = newStorage();
    operator = node("operator", store -> store, o -> {});
  }

  @AfterEach
  void close() {
    engines.forEach(Engine::close);
    storage.close();
  }

  Node node(
      String owner, UnaryOperator<ScheduleStore> bend, Consumer<ScheduleOptions.Builder> options) {
    Store instances = storage.instances();
    Engine engine =
        Engine.builder()
            .clock(clock)
            .store(instances)
            .register(ScheduleFixture.JOB, ScheduleFixture.PULSE)
            .settings(s -> s.workers(w -> w.owner(owner)))
            .listener(
                new EngineListener() {
                  @Override
                  public void committed(int turns, Duration took) {
                    commits.add(turns);
                  }
                })
            .build();
    engines.add(engine);
    Schedules schedules =
        Schedules.builder(engine)
            .store(bend.apply(storage.schedules(instances)))
            .options(options.andThen(o -> o.owner(owner)))
            .build();
    return new Node(schedules, engine, instances);
  }

  void createAll(OverlapPolicy policy) {
    for (String id : IDS) {
      operator.schedules.create(
          ScheduleRequest.builder(id)
              .startMachine("job", Map.of())
              .cron("* * * * *")
              .overlapPolicy(policy)
              .build());
    }
  }

  List<String> runs(String scheduleId) {
    return operator.instances.instances().instanceIds("job").stream()
        .filter(run -> run.startsWith("schedule:" + scheduleId + ":"))
        .toList();
  }

  void assertEveryRunHasItsTrigger() {
    for (String id : IDS) {
      TriggerRecords.assertEveryRunHasItsTrigger(
          operator.schedules, operator.engine, operator.instances, id, "job");
    }
  }

  static Stream<Arguments> races() {
    return Stream.of(Command.values())
        .flatMap(command -> Stream.of(Arguments.of(command, 1), Arguments.of(command, 2)));
  }

  @ParameterizedTest(name = "{0} wins schedule b''s row before the tick''s batch {1}")
  @MethodSource("races")
  void aRowLostMidBatchStartsNothingOfThatScheduleAndAllOfTheOthers(Command command, int batch) {
    createAll(OverlapPolicy.SKIP);
    BeforeBatch race = new BeforeBatch(batch, () -> run(command, "b"));
    Node ticking = node("node-a", race::around, o -> {});
    clock.moveTo(FIRST);

    List<TickResult> rows = ticking.schedules.tick();

    assertThat(rows).noneMatch(row -> row.outcome() == TriggerOutcome.FAILED);
    assertThat(runs("a")).hasSize(1);
    assertThat(runs("c")).hasSize(1);
    boolean stillDue = command == Command.UPDATE_NOTES; // the tick claims b again, as updated
    assertThat(runs("b"))
        .as(
            "b's run: started when its trigger was written before the operator won, or by the"
                + " tick's next claim when the operator left the occurrence due")
        .hasSize(batch == 2 || stillDue ? 1 : 0);
    assertEveryRunHasItsTrigger();

    race.disarm();
    if (command == Command.PAUSE) {
      operator.schedules.resume("b");
    }
    for (int minute = 1; minute <= 3; minute++) {
      clock.moveTo(FIRST.plus(Duration.ofMinutes(minute)));
      ticking.schedules.tick();
    }
    assertEveryRunHasItsTrigger();
    for (String id : IDS) {
      assertThat(runs(id)).as("runs of skip schedule %s, which never end", id).hasSizeLessThan(2);
    }
  }

  @Test
  void aRunThatExistsAlreadyDoesNotRefuseTheOtherRunsOfItsBatch() {
    createAll(OverlapPolicy.ALLOW_ALL);
    Node dying = node("node-a", store -> new DiesAtWrite(store, 2, false), o -> {});
    try {
      dying.schedules.trigger("a"); // recorded, run started, died before dropping it
    } catch (NodeDied expected) {
      // a's manual trigger stays pending; its run exists
    }
    assertThat(runs("a")).hasSize(1);
    Node survivor = node("node-b", store -> store, o -> {});
    clock.moveTo(FIRST);
    commits.clear();

    List<TickResult> rows = survivor.schedules.tick();

    assertThat(commits)
        .as("one commit creates a's inherited run (there already), b's and c's")
        .contains(3);
    assertThat(rows).noneMatch(row -> row.outcome() == TriggerOutcome.FAILED);
    assertThat(rows)
        .filteredOn(row -> row.scheduleId().equals("a"))
        .extracting(TickResult::outcome)
        .containsExactly(TriggerOutcome.ALREADY_STARTED, TriggerOutcome.STARTED);
    assertThat(runs("a")).hasSize(2);
    assertThat(runs("b")).hasSize(1);
    assertThat(runs("c")).hasSize(1);
    assertEveryRunHasItsTrigger();
  }

  @Test
  void aBatchedWriteThatFailsIsWrittenOneByOne() {
    createAll(OverlapPolicy.SKIP);
    Node ticking =
        node(
            "node-a",
            store ->
                new ForwardingScheduleStore(store) {
                  private boolean failed;

                  @Override
                  public List<Boolean> commitAll(List<ScheduleCommit> batch) {
                    if (!failed) {
                      failed = true;
                      throw new IllegalStateException("the batch failed, nothing written");
                    }
                    return delegate.commitAll(batch);
                  }
                },
            o -> {});
    clock.moveTo(FIRST);

    List<TickResult> rows = ticking.schedules.tick();

    assertThat(rows).noneMatch(row -> row.outcome() == TriggerOutcome.FAILED);
    assertThat(rows).extracting(TickResult::outcome).containsOnly(TriggerOutcome.STARTED);
    IDS.forEach(id -> assertThat(runs(id)).as(id).hasSize(1));
    assertEveryRunHasItsTrigger();
    IDS.forEach(id -> assertThat(operator.schedules.describe(id).nextFireAt()).isAfter(FIRST));
  }

  @Test
  void aTickAdmitsNoMoreSchedulesThanItsBudgetAndTheRestWait() {
    createAll(OverlapPolicy.SKIP);
    Node small = node("node-a", store -> store, o -> o.maxTriggersPerTick(2));
    clock.moveTo(FIRST);

    assertThat(small.schedules.tick()).hasSize(2);
    assertThat(small.schedules.tick()).hasSize(1);
    assertThat(small.schedules.tick()).isEmpty();
    IDS.forEach(id -> assertThat(runs(id)).as(id).hasSize(1));
    assertEveryRunHasItsTrigger();
  }

  private void run(Command command, String id) {
    switch (command) {
      case PAUSE -> operator.schedules.pause(id, "maintenance");
      case DELETE -> operator.schedules.delete(id);
      case UPDATE_NOTES ->
          operator.schedules.update(id, ScheduleUpdate.builder().notes("moved").build());
      case UPDATE_CRON ->
          operator.schedules.update(id, ScheduleUpdate.builder().cron("*/2 * * * *").build());
    }
  }

  /** The other writer gets in just before the {@code batch}-th batched write through this store. */
  static final class BeforeBatch {
    private final int batch;
    private final Runnable command;
    private int batches;
    private boolean armed = true;

    BeforeBatch(int batch, Runnable command) {
      this.batch = batch;
      this.command = command;
    }

    void disarm() {
      armed = false;
    }

    ScheduleStore around(ScheduleStore store) {
      return new ForwardingScheduleStore(store) {
        @Override
        public List<Boolean> commitAll(List<ScheduleCommit> commits) {
          if (armed && ++batches == batch) {
            command.run();
          }
          return delegate.commitAll(commits);
        }
      };
    }
  }
}
