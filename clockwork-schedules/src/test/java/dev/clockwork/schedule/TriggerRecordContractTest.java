package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleSpec;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A run exists if and only if its trigger is recorded, whatever wins the schedule's row while a
 * tick (or a manual trigger) is between its steps: an operator's pause, delete or update, another
 * trigger, or the node dying. Each race is played deterministically: a store that lets the other
 * writer in just before one of the tick's writes. Subclass once per store.
 */
public abstract class TriggerRecordContractTest {
  static final String ID = "minutely";
  static final Instant START = Instant.parse("2026-03-01T10:00:30Z");
  static final Instant FIRST = Instant.parse("2026-03-01T10:01:00Z");

  final VirtualClock clock = VirtualClock.at(START);
  final List<Engine> engines = new ArrayList<>();
  ScheduleStorage storage;
  Node operator;

  /** An empty database. */
  protected abstract ScheduleStorage newStorage();

  /** One node: its engine, its stores, its schedules service. */
  record Node(Schedules schedules, Engine engine, Store instances) {}

  /** What an operator does to the schedule while a tick is under way. */
  enum Command {
    PAUSE,
    DELETE,
    UPDATE_NOTES,
    UPDATE_CRON
  }

  @BeforeEach
  void open() {
    storage = newStorage();
    operator = node("operator", store -> store);
  }

  @AfterEach
  void close() {
    engines.forEach(Engine::close);
    storage.close();
  }

  Node node(String owner, UnaryOperator<ScheduleStore> bend) {
    Store instances = storage.instances();
    Engine engine =
        Engine.builder()
            .clock(clock)
            .store(instances)
            .register(ScheduleFixture.JOB, ScheduleFixture.PULSE)
            .settings(s -> s.workers(w -> w.owner(owner)))
            .build();
    engines.add(engine);
    Schedules schedules =
        Schedules.builder(engine)
            .store(bend.apply(storage.schedules(instances)))
            .options(o -> o.owner(owner))
            .build();
    return new Node(schedules, engine, instances);
  }

  void create(OverlapPolicy policy) {
    operator.schedules.create(
        ScheduleRequest.builder(ID)
            .startMachine("job", Map.of())
            .cron("* * * * *")
            .overlapPolicy(policy)
            .build());
  }

  void run(Command command) {
    switch (command) {
      case PAUSE -> operator.schedules.pause(ID, "maintenance");
      case DELETE -> operator.schedules.delete(ID);
      case UPDATE_NOTES ->
          operator.schedules.update(ID, ScheduleUpdate.builder().notes("moved").build());
      case UPDATE_CRON ->
          operator.schedules.update(ID, ScheduleUpdate.builder().cron("*/2 * * * *").build());
    }
  }

  void assertEveryRunHasItsTrigger() {
    TriggerRecords.assertEveryRunHasItsTrigger(
        operator.schedules, operator.engine, operator.instances, ID, "job");
  }

  List<String> runs() {
    return operator.instances.instances().instanceIds("job");
  }

  static Stream<Arguments> races() {
    return Stream.of(Command.values())
        .flatMap(command -> Stream.of(Arguments.of(command, 1), Arguments.of(command, 2)));
  }

  @ParameterizedTest(name = "{0} wins the row before the tick''s write {1}")
  @MethodSource("races")
  void aCommandThatWinsTheRowMidTickLeavesNoRunWithoutItsTrigger(Command command, int write) {
    create(OverlapPolicy.SKIP);
    CommandWinsBefore race = new CommandWinsBefore(write, () -> run(command));
    Node ticking = node("node-a", race::around);
    clock.moveTo(FIRST);
    ticking.schedules.tick();
    race.disarm();
    if (command == Command.PAUSE) {
      operator.schedules.resume(ID);
    }
    for (int minute = 1; minute <= 3; minute++) {
      clock.moveTo(FIRST.plus(Duration.ofMinutes(minute)));
      ticking.schedules.tick();
    }
    assertEveryRunHasItsTrigger();
    assertThat(runs()).as("runs of a skip schedule whose runs never end").hasSizeLessThan(2);
  }

  @Test
  void aTickThatDiesBeforeItsWriteLeavesNoRunWithoutItsTrigger() {
    create(OverlapPolicy.SKIP);
    Node dying = node("node-a", store -> new DiesAtWrite(store, 1, false));
    clock.moveTo(FIRST);
    tickSurvivingTheCrash(dying);
    operator.schedules.pause(ID, "maintenance");
    operator.schedules.resume(ID);
    Node survivor = node("node-b", store -> store);
    for (int minute = 1; minute <= 3; minute++) {
      clock.moveTo(FIRST.plus(Duration.ofMinutes(minute)));
      survivor.schedules.tick();
    }
    assertEveryRunHasItsTrigger();
    assertThat(runs()).hasSize(1);
  }

  @Test
  void aTriggerRecordedByANodeThatDiedIsStartedByTheNextTickEvenWhenPaused() {
    create(OverlapPolicy.SKIP);
    Node dying = node("node-a", store -> new DiesAtWrite(store, 1, true));
    clock.moveTo(FIRST);
    tickSurvivingTheCrash(dying);
    operator.schedules.pause(ID, "maintenance");
    Node survivor = node("node-b", store -> store);
    clock.moveTo(FIRST.plus(Duration.ofMinutes(1)));
    survivor.schedules.tick();
    assertEveryRunHasItsTrigger();
    assertThat(runs()).hasSize(1);
    assertThat(operator.schedules.describe(ID).firesCount()).isEqualTo(1);
  }

  @Test
  void twoManualTriggersThatInterleaveStartTwoRunsWithTheirOwnNumbers() {
    create(OverlapPolicy.ALLOW_ALL);
    Node other = node("node-b", store -> store);
    CommandWinsBefore race = new CommandWinsBefore(1, () -> other.schedules.trigger(ID));
    Node first = node("node-a", race::around);
    String started = first.schedules.trigger(ID);
    assertThat(started).isNotNull();
    assertThat(runs()).hasSize(2).contains(started);
    assertEveryRunHasItsTrigger();
  }

  /**
   * A pending trigger holds all it takes to carry it out as decided, its run's queue and metadata
   * included: a node records the trigger and dies, an operator then changes the schedule's labels
   * and queue, and the survivor starts the run with the ones the trigger was recorded with.
   */
  @Test
  void aPendingTriggerStartsItsRunWithTheMetadataItWasRecordedWith() {
    operator.schedules.create(
        ScheduleRequest.builder(ID)
            .startMachine("job", Map.of())
            .cron("* * * * *")
            .labels(Map.of("team", "recorded"))
            .queue("recorded-queue")
            .build());
    Node dying = node("node-a", store -> new DiesAtWrite(store, 1, true));
    clock.moveTo(FIRST);
    tickSurvivingTheCrash(dying);
    operator.schedules.update(
        ID,
        ScheduleUpdate.builder().labels(Map.of("team", "changed")).queue("changed-queue").build());
    Node survivor = node("node-b", store -> store);
    clock.moveTo(FIRST.plus(Duration.ofMinutes(1))); // the dead node's claim has expired
    survivor.schedules.tick();
    assertThat(runs()).contains("schedule:" + ID + ":" + FIRST);
    var run = operator.engine.instances().get("schedule:" + ID + ":" + FIRST);
    assertThat(run.labels())
        .as("labels of the run recorded before the update")
        .containsEntry("team", "recorded");
    assertThat(run.queue())
        .as("queue of the run recorded before the update")
        .isEqualTo("recorded-queue");
  }

  /**
   * A time-date schedule resumed after its date passed (or a bounded cycle resumed after its last
   * occurrence) has no next fire, so no tick would ever claim it: it ends as spec_exhausted instead
   * of staying active forever.
   */
  @Test
  void anExhaustedScheduleResumedAfterItsDateEndsAsSpecExhausted() {
    operator.schedules.create(
        ScheduleRequest.builder(ID)
            .startMachine("job", Map.of())
            .date("2026-03-01T11:00:00Z")
            .build());
    operator.schedules.pause(ID, "maintenance");
    clock.moveTo(Instant.parse("2026-03-01T12:00:00Z"));
    operator.schedules.resume(ID);
    for (int minute = 1; minute <= 3; minute++) {
      clock.moveTo(Instant.parse("2026-03-01T12:00:00Z").plus(Duration.ofMinutes(minute)));
      operator.schedules.tick();
    }
    var described = operator.schedules.describe(ID);
    assertThat(described.nextFireAt()).isNull();
    assertThat(described.status())
        .as("an active schedule with no occurrence left")
        .isNotEqualTo(ScheduleStatus.ACTIVE);
    assertThat(described.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  @Test
  void anActiveScheduleUpdatedToADateThatPassedEndsAsSpecExhausted() {
    create(OverlapPolicy.SKIP);
    clock.moveTo(Instant.parse("2026-03-01T12:00:30Z"));
    operator.schedules.update(
        ID,
        ScheduleUpdate.builder()
            .spec(ScheduleSpec.builder().date("2026-03-01T11:00:00Z").build())
            .build());
    var described = operator.schedules.describe(ID);
    assertThat(described.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(described.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  @Test
  void aResumedCycleWithABufferedTriggerLeftEndsOnceTheTickHasStartedIt() {
    operator.schedules.create(
        ScheduleRequest.builder(ID)
            .startMachine("job", Map.of())
            .cycle("R2/2026-03-01T10:01:00Z/PT1M")
            .overlapPolicy(OverlapPolicy.BUFFER_ONE)
            .build());
    clock.moveTo(FIRST);
    operator.schedules.tick(); // the first run starts and keeps running
    clock.moveTo(FIRST.plus(Duration.ofMinutes(1)));
    operator.schedules.tick(); // the last occurrence waits in the buffer
    operator.schedules.pause(ID, "maintenance");
    clock.moveTo(FIRST.plus(Duration.ofMinutes(5)));

    operator.schedules.resume(ID);
    assertThat(operator.schedules.describe(ID).status())
        .as("a schedule with a buffered trigger to start")
        .isEqualTo(ScheduleStatus.ACTIVE);

    operator.engine.send("schedule:" + ID + ":" + FIRST, Event.of("FINISH"));
    operator.schedules.tick();
    var described = operator.schedules.describe(ID);
    assertThat(runs()).hasSize(2);
    assertThat(described.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(described.record().deleteReason()).isEqualTo("spec_exhausted");
  }

  private static void tickSurvivingTheCrash(Node node) {
    try {
      node.schedules.tick();
    } catch (NodeDied expected) {
      // the node is gone; what it wrote stays
    }
  }

  /** The other writer gets in just before the {@code write}-th write through this store. */
  static final class CommandWinsBefore {
    private final int write;
    private final Runnable command;
    private int writes;
    private boolean armed = true;

    CommandWinsBefore(int write, Runnable command) {
      this.write = write;
      this.command = command;
    }

    void disarm() {
      armed = false;
    }

    ScheduleStore around(ScheduleStore store) {
      return new ForwardingScheduleStore(store) {
        @Override
        public boolean commit(ScheduleCommit commit) {
          if (armed && ++writes == write) {
            command.run();
          }
          return delegate.commit(commit);
        }
      };
    }
  }

  /** The node dies at its {@code write}-th write, after writing it or before; then every call. */
  static final class DiesAtWrite extends ForwardingScheduleStore {
    private final int write;
    private final boolean written;
    private int writes;
    private boolean dead;

    DiesAtWrite(ScheduleStore delegate, int write, boolean written) {
      super(delegate);
      this.write = write;
      this.written = written;
    }

    @Override
    public boolean commit(ScheduleCommit commit) {
      alive();
      if (++writes == write) {
        dead = true;
        if (written) {
          delegate.commit(commit);
        }
        throw new NodeDied();
      }
      return delegate.commit(commit);
    }

    @Override
    public java.util.Optional<ScheduleRecord> find(String namespace, String scheduleId) {
      alive();
      return delegate.find(namespace, scheduleId);
    }

    @Override
    public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration lease) {
      alive();
      return delegate.claimDue(now, limit, owner, lease);
    }

    @Override
    public void release(String namespace, String scheduleId, String owner) {
      alive();
      delegate.release(namespace, scheduleId, owner);
    }

    private void alive() {
      if (dead) {
        throw new NodeDied();
      }
    }
  }

  /** The node stopped here. */
  static final class NodeDied extends RuntimeException {
    NodeDied() {
      super("the node died");
    }
  }
}
