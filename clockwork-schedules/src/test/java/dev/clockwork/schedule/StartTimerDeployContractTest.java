package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StartTimer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.outcome.StartTimerDeployment;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Timer start events belong to the machine, as in the BPMN seed: deploying a version schedules its
 * start timers and cancels those of the version before, once across nodes however many deploy.
 * Every schedule store runs this contract; subclasses say how a node reaches the shared data.
 */
public abstract class StartTimerDeployContractTest {
  protected static final Instant START = Instant.parse("2026-04-27T10:00:00Z"); // a Monday
  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  /** A date and a daily cycle. */
  static final MachineDefinition V1 =
      invoice(1, m -> m.startAt("2026-05-01T08:00:00Z").startOn("R/2026-04-28T09:00:00Z/P1D"));

  /** A weekday cron in Berlin, and a date computed at deploy: two hours after it. */
  static final MachineDefinition V2 =
      invoice(
          2,
          m ->
              m.startOn(StartTimer.cron("0 9 * * MON-FRI", BERLIN))
                  .startOn(
                      StartTimer.computed((at, definition) -> at.plus(Duration.ofHours(2)))
                          .withInput(Map.of("source", "release"))));

  protected final VirtualClock clock = VirtualClock.at(START);
  private final List<Engine> engines = new ArrayList<>();

  /** Empties the shared data before each test. */
  protected abstract void reset();

  /** The instance store a new node works on: every node's reaches the same data. */
  protected abstract Store instanceStore();

  /** The schedule store beside a node's instance store, on the same shared data. */
  protected abstract ScheduleStore scheduleStore(Store instances);

  /** Closes what {@link #instanceStore()} opened. */
  protected void closeStores() {}

  @BeforeEach
  void emptyStores() {
    reset();
  }

  @AfterEach
  void stopNodes() {
    engines.forEach(Engine::close);
    closeStores();
  }

  static MachineDefinition invoice(int version, UnaryOperator<MachineBuilder> timers) {
    return timers
        .apply(
            Machine.define("invoice")
                .version(version)
                .initial("open")
                .state("open", s -> s.on("PAY", "paid"))
                .finalState("paid"))
        .build();
  }

  /** A node: its own engine and schedules service, with {@code versions} registered. */
  protected Node node(String name, MachineDefinition... versions) {
    return node(name, b -> {}, versions);
  }

  protected Node node(
      String name, Consumer<SchedulesBuilder> settings, MachineDefinition... versions) {
    Store store = instanceStore();
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(versions)
            .settings(s -> s.workers(w -> w.owner(name).threads(1)))
            .build();
    engines.add(engine);
    SchedulesBuilder builder =
        Schedules.builder(engine).store(scheduleStore(store)).options(o -> o.owner(name));
    settings.accept(builder);
    return new Node(engine, builder.build());
  }

  /** One node of a deployment. */
  protected record Node(Engine engine, Schedules schedules) {}

  static List<ScheduleAuditEvent> audit(Schedules schedules, String scheduleId) {
    return schedules.history(scheduleId).events();
  }

  static List<ScheduleEventType> auditTypes(Schedules schedules, String scheduleId) {
    return audit(schedules, scheduleId).stream().map(ScheduleAuditEvent::type).toList();
  }

  /** The machine's start schedules in the namespace, deleted ones too, by id. */
  static List<ScheduleDescription> startSchedules(Schedules schedules) {
    return schedules.list(true).stream()
        .filter(s -> s.scheduleId().startsWith("machine.invoice."))
        .toList();
  }

  static List<String> active(Schedules schedules) {
    return startSchedules(schedules).stream()
        .filter(s -> s.status() == ScheduleStatus.ACTIVE)
        .map(ScheduleDescription::scheduleId)
        .toList();
  }

  @Test
  void deployingAVersionSchedulesEachOfItsStartTimers() {
    Schedules schedules = node("a", V1).schedules();

    StartTimerDeployment deployed = schedules.deployStartTimers("invoice");

    assertThat(deployed)
        .isEqualTo(
            new StartTimerDeployment(
                "default",
                "invoice",
                1,
                List.of("machine.invoice.v1.start.0", "machine.invoice.v1.start.1"),
                List.of(),
                List.of(),
                1));
    ScheduleDescription date = schedules.describe("machine.invoice.v1.start.0");
    assertThat(date.spec())
        .isEqualTo(Map.of("dates", List.of("2026-05-01T08:00:00Z"), "timezone", "UTC"));
    assertThat(date.nextFireAt()).isEqualTo(Instant.parse("2026-05-01T08:00:00Z"));
    assertThat(date.settings().action())
        .isEqualTo(ScheduleAction.startMachine("invoice", Map.of()));
    assertThat(date.overlapPolicy()).isEqualTo(OverlapPolicy.ALLOW_ALL);
    assertThat(date.note()).isEqualTo("Timer start event invoice.startTimers[0] of version 1");
    ScheduleDescription cycle = schedules.describe("machine.invoice.v1.start.1");
    assertThat(cycle.spec().get("cycles")).isEqualTo(List.of("R/2026-04-28T09:00:00Z/P1D"));
    assertThat(cycle.nextFireAt()).isEqualTo(Instant.parse("2026-04-28T09:00:00Z"));
    List<ScheduleAuditEvent> created = audit(schedules, "machine.invoice.v1.start.0");
    assertThat(created)
        .extracting(ScheduleAuditEvent::type)
        .containsExactly(ScheduleEventType.ScheduleCreated);
    assertThat(created.get(0).payload())
        .containsEntry(
            "command_context",
            Map.of("source", "deploy", "reason", "timer start events of invoice v1"));
  }

  @Test
  void aStartTimerStartsAnInstanceOfTheNewestVersionThatRecordsScheduleTriggered() {
    Node node = node("a", V1, V2);
    node.schedules().deployStartTimers();

    clock.moveTo(Instant.parse("2026-04-27T12:00:00Z"));
    List<TickResult> ticked = node.schedules().tick();

    String id = "schedule:machine.invoice.v2.start.1:2026-04-27T12:00:00Z";
    assertThat(ticked).extracting(TickResult::instanceId).containsExactly(id);
    Instance started = node.engine().instances().get(id);
    assertThat(started.version()).isEqualTo(2);
    assertThat(started.context()).containsEntry("source", "release");
    HistoryEntry origin = node.engine().instances().history(HistoryQuery.all(id)).get(0);
    assertThat(origin.event()).isEqualTo(ScheduleEventType.ScheduleTriggered.name());
    assertThat(origin.payload())
        .containsEntry("schedule_id", "machine.invoice.v2.start.1")
        .containsEntry("occurrence_time", "2026-04-27T12:00:00Z");

    clock.moveTo(Instant.parse("2026-04-28T07:00:00Z")); // 09:00 in Berlin, a Tuesday
    assertThat(node.schedules().tick())
        .extracting(TickResult::instanceId)
        .containsExactly("schedule:machine.invoice.v2.start.0:2026-04-28T07:00:00Z");
  }

  @Test
  void deployingAgainChangesNothingAndAComputedTimerKeepsItsFirstValue() {
    Schedules schedules = node("a", V2).schedules();
    schedules.deployStartTimers("invoice");
    clock.advance(Duration.ofHours(1));

    StartTimerDeployment again = schedules.deployStartTimers("invoice");

    assertThat(again.created()).isEmpty();
    assertThat(again.existing())
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");
    assertThat(schedules.describe("machine.invoice.v2.start.1").nextFireAt())
        .isEqualTo(Instant.parse("2026-04-27T12:00:00Z"));
    assertThat(auditTypes(schedules, "machine.invoice.v2.start.1"))
        .containsExactly(ScheduleEventType.ScheduleCreated);
  }

  @Test
  void aNewVersionCancelsTheStartTimersOfThePreviousOne() {
    node("old", V1).schedules().deployStartTimers("invoice");
    Schedules upgraded = node("new", V1, V2).schedules();

    StartTimerDeployment deployed = upgraded.deployStartTimers("invoice");

    assertThat(deployed.created())
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");
    assertThat(deployed.cancelled())
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
    ScheduleDescription cancelled = upgraded.describe("machine.invoice.v1.start.1");
    assertThat(cancelled.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(cancelled.record().deleteReason()).isEqualTo("superseded_by_v2");
    assertThat(auditTypes(upgraded, "machine.invoice.v1.start.1"))
        .containsExactly(ScheduleEventType.ScheduleCreated, ScheduleEventType.ScheduleDeleted);
    assertThat(active(upgraded))
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");

    clock.moveTo(Instant.parse("2026-05-01T08:00:00Z")); // v1's date and cycle are due by now
    assertThat(upgraded.tick())
        .extracting(TickResult::scheduleId)
        .doesNotContain("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
  }

  @Test
  void anOldNodeStartingDuringARollingDeployBringsNothingBack() {
    node("new", V1, V2).schedules().deployStartTimers("invoice");
    Node old = node("old", V1);

    StartTimerDeployment deployed = old.schedules().deployStartTimers("invoice");

    assertThat(deployed.superseded()).isTrue();
    assertThat(deployed.newestVersion()).isEqualTo(2);
    assertThat(deployed.created()).isEmpty();
    assertThat(deployed.cancelled()).isEmpty();
    assertThat(active(old.schedules()))
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");
  }

  @Test
  void aCancelledVersionIsNotScheduledAgainWhenItsNodeRedeploys() {
    node("old", V1).schedules().deployStartTimers("invoice");
    MachineDefinition withoutTimers = invoice(2, m -> m);
    Schedules upgraded = node("new", V1, withoutTimers).schedules();

    StartTimerDeployment deployed = upgraded.deployStartTimers("invoice");
    assertThat(deployed.created()).isEmpty();
    assertThat(deployed.cancelled())
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");

    StartTimerDeployment old = node("restarted", V1).schedules().deployStartTimers("invoice");
    assertThat(old.created()).isEmpty();
    assertThat(active(upgraded)).isEmpty();
  }

  @Test
  void aCancelledVersionStaysCancelledAfterTheAuditOfItsSchedulesIsPurged() {
    Node old = node("old", V1);
    old.schedules().deployStartTimers("invoice");
    node("new", V1, invoice(2, m -> m)).schedules().deployStartTimers("invoice");
    clock.advance(Duration.ofDays(400));
    assertThat(old.schedules().store().purgeDeleted(clock.instant(), 1_000))
        .as("the cancelled schedules' audit (retention.schedule_audit)")
        .isEqualTo(4);

    StartTimerDeployment restarted = node("restarted", V1).schedules().deployStartTimers("invoice");

    assertThat(restarted.created()).isEmpty();
    assertThat(active(old.schedules())).isEmpty();
  }

  @Test
  void theEngineDeploysTheStartTimersWhenItStarts() {
    Node node = node("a", V1);
    assertThat(active(node.schedules())).isEmpty();

    node.engine().start();

    assertThat(active(node.schedules()))
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
  }

  @Test
  void aServiceBuiltOnAStartedEngineDeploysAtOnce() {
    Engine engine = node("a", b -> b.deployStartTimersOnStart(false), V1).engine();
    engine.start();
    Schedules late = Schedules.builder(engine).store(scheduleStore(instanceStore())).build();
    assertThat(active(late))
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
  }

  @Test
  void deployingOnStartCanBeTurnedOff() {
    Node node = node("a", b -> b.deployStartTimersOnStart(false), V1);
    node.engine().start();
    assertThat(startSchedules(node.schedules())).isEmpty();
  }

  @Test
  void startTimersLiveInTheNamespaceOfTheServiceThatDeploysThem() {
    Schedules schedules = node("a", V1).schedules();

    StartTimerDeployment deployed = schedules.in("ops").deployStartTimers("invoice");

    assertThat(deployed.namespace()).isEqualTo("ops");
    assertThat(active(schedules.in("ops")))
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
    assertThat(startSchedules(schedules)).isEmpty();
  }

  @Test
  void anExpressionThatFailsFailsTheDeployAndThePreviousVersionKeepsRunning() {
    node("old", V1).schedules().deployStartTimers("invoice");
    MachineDefinition broken =
        invoice(
            2,
            m ->
                m.startOn("@daily")
                    .startOn(
                        StartTimer.computed(
                            (at, definition) -> {
                              throw new IllegalStateException("no release date yet");
                            })));
    Schedules schedules = node("new", V1, broken).schedules();

    assertThatThrownBy(() -> schedules.deployStartTimers("invoice"))
        .isInstanceOf(ClockworkException.class)
        .hasMessageStartingWith("invoice.startTimers[1]: ")
        .hasMessageContaining("no release date yet");
    assertThat(active(schedules))
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
  }

  @Test
  void aDateThatPassedBeforeTheDeployIsLateNotLost() {
    MachineDefinition late = invoice(1, m -> m.startAt("2026-04-27T08:00:00Z"));
    Schedules schedules = node("a", late).schedules();
    schedules.deployStartTimers("invoice");

    clock.advance(Duration.ofSeconds(1));
    assertThat(schedules.tick())
        .extracting(TickResult::instanceId)
        .containsExactly("schedule:machine.invoice.v1.start.0:2026-04-27T08:00:00Z");
    assertThat(schedules.tick()).isEmpty();
  }

  @Test
  void deployingEveryMachineReportsEachInIdOrder() {
    MachineDefinition report =
        Machine.define("report").initial("done").finalState("done").startOn("@daily").build();
    Schedules schedules = node("a", V1, report).schedules();

    List<StartTimerDeployment> deployed = schedules.deployStartTimers();

    assertThat(deployed)
        .extracting(StartTimerDeployment::machine)
        .containsExactly("invoice", "report");
    assertThat(deployed.get(1).created()).containsExactly("machine.report.v1.start.0");
  }

  // ---- several nodes at once ----

  static final int ROUNDS = 6;

  static MachineDefinition threeTimers(int version) {
    return invoice(
        version, m -> m.startOn("@daily").startOn("R/PT1H").startAt("2026-06-01T00:00:00Z"));
  }

  static List<String> ids(int version) {
    return List.of(
        "machine.invoice.v" + version + ".start.0",
        "machine.invoice.v" + version + ".start.1",
        "machine.invoice.v" + version + ".start.2");
  }

  @Test
  void twoNodesStartingAtOnceCreateOneSetOfStartSchedules() throws Exception {
    for (int version = 1; version <= ROUNDS; version++) {
      MachineDefinition definition = threeTimers(version);
      Node a = node("a" + version, definition);
      Node b = node("b" + version, definition);

      together(a.engine()::start, b.engine()::start);
      a.engine().close();
      b.engine().close();

      assertThat(active(a.schedules())).as("round %d", version).isEqualTo(ids(version));
      assertEachWrittenOnce(a.schedules());
    }
  }

  @Test
  void twoNodesDeployingTwoVersionsAtOnceKeepOnlyTheNewer() throws Exception {
    Node a = node("a");
    Node b = node("b");
    for (int round = 1; round <= ROUNDS; round++) {
      int older = 2 * round;
      int newer = older + 1;
      a.engine().machines().register(threeTimers(older));
      b.engine().machines().register(threeTimers(newer));

      List<StartTimerDeployment> both =
          together(
              () -> a.schedules().deployStartTimers("invoice"),
              () -> b.schedules().deployStartTimers("invoice"));

      assertThat(active(a.schedules())).as("round %d", round).isEqualTo(ids(newer));
      assertThat(both.get(1).created()).isEqualTo(ids(newer));
      assertEachWrittenOnce(a.schedules());
    }
  }

  @Test
  void twoNodesDeployingOneVersionAtOnceShareTheWork() throws Exception {
    for (int version = 1; version <= ROUNDS; version++) {
      MachineDefinition definition = threeTimers(version);
      Node a = node("a" + version, definition);
      Node b = node("b" + version, definition);

      List<StartTimerDeployment> both =
          together(
              () -> a.schedules().deployStartTimers("invoice"),
              () -> b.schedules().deployStartTimers("invoice"));

      List<String> created = new ArrayList<>(both.get(0).created());
      created.addAll(both.get(1).created());
      assertThat(created).as("round %d", version).containsExactlyInAnyOrderElementsOf(ids(version));
      assertThat(both.get(0).existing()).containsExactlyInAnyOrderElementsOf(both.get(1).created());
      assertThat(active(a.schedules())).isEqualTo(ids(version));
      assertEachWrittenOnce(a.schedules());
    }
  }

  /** Each start schedule was created once, and deleted at most once. */
  private static void assertEachWrittenOnce(Schedules schedules) {
    for (ScheduleDescription schedule : startSchedules(schedules)) {
      List<ScheduleEventType> types = auditTypes(schedules, schedule.scheduleId());
      List<ScheduleEventType> expected =
          schedule.status() == ScheduleStatus.DELETED
              ? List.of(ScheduleEventType.ScheduleCreated, ScheduleEventType.ScheduleDeleted)
              : List.of(ScheduleEventType.ScheduleCreated);
      assertThat(types).as(schedule.scheduleId()).isEqualTo(expected);
    }
  }

  private static void together(Runnable first, Runnable second) throws Exception {
    together(
        () -> {
          first.run();
          return null;
        },
        () -> {
          second.run();
          return null;
        });
  }

  /** Runs both at the same moment, on two threads; their results in order. */
  private static <T> List<T> together(Callable<T> first, Callable<T> second) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CyclicBarrier barrier = new CyclicBarrier(2);
      Future<T> one =
          pool.submit(
              () -> {
                barrier.await();
                return first.call();
              });
      Future<T> two =
          pool.submit(
              () -> {
                barrier.await();
                return second.call();
              });
      return Arrays.asList(one.get(), two.get());
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- races, interleaved by hand ----

  /** A node whose {@code n}th listing of schedules lets {@code race} run before it returns. */
  private Node racing(String name, int n, Runnable race, MachineDefinition... versions) {
    ScheduleStore store =
        new ForwardingScheduleStore(scheduleStore(instanceStore())) {
          private int calls;

          @Override
          public List<ScheduleRecord> list(
              String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
            List<ScheduleRecord> seen =
                delegate.list(namespace, includeDeleted, afterScheduleId, limit);
            if (++calls == n) {
              race.run();
            }
            return seen;
          }
        };
    return node(name, b -> b.store(store), versions);
  }

  @Test
  void aDeployOvertakenByANewerOneCancelsWhatItCreated() {
    Node newer = node("new", V1, V2);
    Node older = racing("old", 1, () -> newer.schedules().deployStartTimers("invoice"), V1);

    StartTimerDeployment deployed = older.schedules().deployStartTimers("invoice");

    assertThat(deployed.created())
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
    assertThat(deployed.cancelled())
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
    assertThat(deployed.newestVersion()).isEqualTo(2);
    assertThat(active(newer.schedules()))
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");
  }

  @Test
  void aDeployOvertakenByTheSameVersionKeepsTheOtherNodesSchedules() {
    Node other = node("other", V1);
    Node slow = racing("slow", 1, () -> other.schedules().deployStartTimers("invoice"), V1);

    StartTimerDeployment deployed = slow.schedules().deployStartTimers("invoice");

    assertThat(deployed.created()).isEmpty();
    assertThat(deployed.existing())
        .containsExactly("machine.invoice.v1.start.0", "machine.invoice.v1.start.1");
    assertEachWrittenOnce(slow.schedules());
  }

  @Test
  void aCancelOvertakenByAnotherNodesCancelIsRecordedOnce() {
    node("old", V1).schedules().deployStartTimers("invoice");
    Node other = node("other", V1, V2);
    Node slow = racing("slow", 2, () -> other.schedules().deployStartTimers("invoice"), V1, V2);

    StartTimerDeployment deployed = slow.schedules().deployStartTimers("invoice");

    assertThat(deployed.cancelled()).isEmpty();
    assertThat(active(slow.schedules()))
        .containsExactly("machine.invoice.v2.start.0", "machine.invoice.v2.start.1");
    assertEachWrittenOnce(slow.schedules());
  }
}
