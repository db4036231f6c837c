package dev.clockwork.core.interpreter;

import static dev.clockwork.core.definition.ParallelEvents.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Parallel dispatch in the pure interpreter: which entry actions are dispatched, and how a region's
 * result, a job that gave up and the region timeout are applied, with the seed's internal events.
 */
class ParallelDispatchTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final DispatchPolicy ON = DispatchPolicy.enabled(Duration.ZERO);
  private static final AtomicInteger ENTRY_RUNS = new AtomicInteger();

  /** Inventory and payment regions, each with an entry action that writes and raises. */
  static MachineDefinition order(boolean raise, String inventoryKey, String paymentKey) {
    return Machine.define("order")
        .initial("processing")
        .parallel(
            "processing",
            p ->
                p.state(
                        "inventory",
                        r ->
                            r.initial("checking")
                                .state(
                                    "checking",
                                    s ->
                                        s.entry(
                                                a -> {
                                                  ENTRY_RUNS.incrementAndGet();
                                                  a.set(inventoryKey, "reserved");
                                                  if (raise) {
                                                    a.raise("INVENTORY_OK");
                                                  }
                                                })
                                            .on("INVENTORY_OK", "done"))
                                .finalState("done"))
                    .state(
                        "payment",
                        r ->
                            r.initial("charging")
                                .state(
                                    "charging",
                                    s ->
                                        s.entry(
                                                a -> {
                                                  ENTRY_RUNS.incrementAndGet();
                                                  a.set(paymentKey, "charged");
                                                  if (raise) {
                                                    a.raise("PAYMENT_OK");
                                                  }
                                                })
                                            .on("PAYMENT_OK", "done"))
                                .finalState("done"))
                    .onDone("completed")
                    .onFail(
                        t ->
                            t.branch(b -> b.guard(g -> g.context().has("retry")).to("retrying"))
                                .branch(b -> b.to("failed"))))
        .state("retrying", s -> s.on("GO", "processing"))
        .finalState("completed")
        .finalState("failed")
        .on("CANCEL", "failed")
        .build();
  }

  static final MachineDefinition ORDER = order(true, "inventory_result", "payment_result");

  @Test
  void entryActionsOfTwoRegionsAreDispatchedInsteadOfRun() {
    ENTRY_RUNS.set(0);
    StepResult started = Interpreter.start(ORDER, Map.of(), T0, Delivery.NONE, ON);
    assertThat(ENTRY_RUNS).hasValue(0);
    assertThat(started.snapshot().value())
        .containsExactly("processing.inventory.checking", "processing.payment.charging");
    List<Effect.RegionDispatched> jobs = dispatched(started);
    assertThat(jobs)
        .extracting(Effect.RegionDispatched::region)
        .containsExactly("processing.inventory", "processing.payment");
    long parallelEntry = started.snapshot().entryOf(ORDER.state("processing")).get().entryId();
    assertThat(jobs).allMatch(j -> j.parallelEntry() == parallelEntry);
    assertThat(jobs.get(0).initialEntry())
        .isEqualTo(
            started
                .snapshot()
                .entryOf(ORDER.state("processing.inventory.checking"))
                .get()
                .entryId());
  }

  @Test
  void withoutDispatchEntryActionsRunInTheStep() {
    ENTRY_RUNS.set(0);
    StepResult started = Interpreter.start(ORDER, Map.of(), T0);
    assertThat(ENTRY_RUNS).hasValue(2);
    assertThat(dispatched(started)).isEmpty();
    assertThat(started.snapshot().value()).containsExactly("completed");
  }

  @Test
  void oneRegionWithAnEntryActionRunsInline() {
    MachineDefinition single =
        Machine.define("single")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state(
                            "a",
                            r ->
                                r.initial("x")
                                    .state("x", s -> s.entry(a -> a.set("a", 1)).always("y"))
                                    .finalState("y"))
                        .state("b", r -> r.initial("x").state("x").finalState("y")))
            .build();
    StepResult started = Interpreter.start(single, Map.of(), T0, Delivery.NONE, ON);
    assertThat(dispatched(started)).isEmpty();
    assertThat(started.snapshot().context().get("a")).isEqualTo(1);
  }

  @Test
  void dispatchedAndSequentialRunsEndAlikeWhenRegionsWriteDistinctKeys() {
    Snapshot sequential = Interpreter.start(ORDER, Map.of("id", 7), T0).snapshot();
    Jobs jobs = Jobs.start(ORDER, Map.of("id", 7));
    jobs.runInOrder(1, 0);
    assertThat(jobs.snapshot.value()).isEqualTo(sequential.value()).containsExactly("completed");
    assertThat(jobs.snapshot.context()).isEqualTo(sequential.context());
    assertThat(jobs.types())
        .containsExactly(
            ENTER,
            "INVENTORY_OK",
            "done.state.processing.inventory",
            DONE,
            "done.state.processing");
  }

  @Test
  void theLastRegionToFinishFiresDone() {
    Jobs jobs = Jobs.start(ORDER, Map.of());
    jobs.run(0);
    assertThat(jobs.snapshot.value())
        .containsExactly("processing.inventory.done", "processing.payment.charging");
    assertThat(jobs.types())
        .containsExactly(ENTER, "INVENTORY_OK", "done.state.processing.inventory");
    jobs.run(1);
    assertThat(jobs.snapshot.value()).containsExactly("completed");
    assertThat(jobs.types())
        .containsExactly(
            ENTER, "PAYMENT_OK", "done.state.processing.payment", DONE, "done.state.processing");
    assertThat(jobs.payload(DONE)).containsEntry(PARALLEL_STATE, "processing");
  }

  @Test
  void twoRegionsWritingOneKeyRecordAConflictAndTheLastWriterWins() {
    MachineDefinition shared = order(true, "total", "total");
    Jobs jobs = Jobs.start(shared, Map.of());
    jobs.work(0, Map.of("total", 10));
    jobs.work(1, Map.of("total", 20));
    jobs.apply(0);
    assertThat(jobs.types()).doesNotContain(CONTEXT_CONFLICT);
    jobs.apply(1);
    assertThat(jobs.payload(CONTEXT_CONFLICT))
        .containsEntry(REGION, "processing.payment")
        .containsEntry(CONFLICTED_KEYS, List.of("total"));
    assertThat(jobs.snapshot.context().get("total")).isEqualTo(20);
  }

  @Test
  void aRegionThatRaisesNothingStallsWithContextChangedOrNot() {
    Jobs writes = Jobs.start(order(false, "a", "b"), Map.of());
    writes.run(0);
    assertThat(writes.payload(STALLED))
        .containsEntry(REGION, "processing.inventory")
        .containsEntry(INITIAL_STATE, "processing.inventory.checking")
        .containsEntry(CONTEXT_CHANGED, true);

    MachineDefinition idle =
        Machine.define("idle")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state("a", r -> r.initial("w").state("w", s -> s.entry(a -> {})))
                        .state("b", r -> r.initial("w").state("w", s -> s.entry(a -> {}))))
            .build();
    Jobs noop = Jobs.start(idle, Map.of());
    noop.run(1);
    assertThat(noop.payload(STALLED))
        .containsEntry(REGION, "p.b")
        .containsEntry(CONTEXT_CHANGED, false);
  }

  @Test
  void aResultArrivingAfterTheMachineLeftIsDiscardedAndSaysWhat() {
    Jobs jobs = Jobs.start(ORDER, Map.of());
    jobs.work(0, null);
    jobs.send(Event.of("CANCEL"));
    assertThat(jobs.snapshot.value()).containsExactly("failed");
    Snapshot before = jobs.snapshot;
    jobs.apply(0);
    assertThat(jobs.payload(GUARD_ABORT))
        .containsEntry(REGION, "processing.inventory")
        .containsEntry(REASON, LEFT_PARALLEL_STATE)
        .containsEntry(DISCARDED_CONTEXT, List.of("inventory_result"))
        .containsEntry(DISCARDED_EVENTS, 1)
        .containsEntry(WORK_WAS_DISCARDED, true);
    assertThat(jobs.snapshot.context()).isEqualTo(before.context());
  }

  @Test
  void aResultForARegionThatAlreadyAdvancedIsDiscarded() {
    Jobs jobs = Jobs.start(ORDER, Map.of());
    jobs.work(0, null);
    jobs.send(Event.of("INVENTORY_OK"));
    jobs.apply(0);
    assertThat(jobs.payload(GUARD_ABORT)).containsEntry(REASON, REGION_ADVANCED);
    assertThat(jobs.snapshot.context().has("inventory_result")).isFalse();
  }

  @Test
  void aJobThatGaveUpFiresTheGuardedFailBranch() {
    Jobs failed = Jobs.start(ORDER, Map.of());
    failed.fail(0, "Connection timeout", "java.net.SocketTimeoutException", 3);
    assertThat(failed.payload(FAIL))
        .containsEntry(REGION, "processing.inventory")
        .containsEntry(ERROR, "Connection timeout")
        .containsEntry(EXCEPTION, "java.net.SocketTimeoutException")
        .containsEntry(ATTEMPTS, 3);
    assertThat(failed.snapshot.value()).containsExactly("failed");

    Jobs retrying = Jobs.start(ORDER, Map.of("retry", true));
    retrying.fail(1, "declined", "IllegalStateException", 3);
    assertThat(retrying.snapshot.value()).containsExactly("retrying");
    retrying.send(Event.of("GO"));
    assertThat(retrying.snapshot.value())
        .containsExactly("processing.inventory.checking", "processing.payment.charging");
  }

  @Test
  void withoutFailTheMachineStaysAndStillTakesEvents() {
    MachineDefinition noFail =
        Machine.define("nofail")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state(
                            "a",
                            r ->
                                r.initial("w")
                                    .state("w", s -> s.entry(a -> a.set("a", 1)).on("A", "f"))
                                    .finalState("f"))
                        .state(
                            "b",
                            r ->
                                r.initial("w")
                                    .state("w", s -> s.entry(a -> a.set("b", 1)).on("B", "f"))
                                    .finalState("f"))
                        .onDone("end"))
            .finalState("end")
            .build();
    Jobs jobs = Jobs.start(noFail, Map.of());
    jobs.fail(0, "boom", "RuntimeException", 3);
    assertThat(jobs.types()).contains(FAIL);
    assertThat(jobs.snapshot.value()).containsExactly("p.a.w", "p.b.w");
    jobs.send(Event.of("A"));
    jobs.send(Event.of("B"));
    assertThat(jobs.snapshot.value()).containsExactly("end");
  }

  @Test
  void theRegionTimeoutFiresFailWithTheStalledRegions() {
    DispatchPolicy timed = DispatchPolicy.enabled(Duration.ofSeconds(120));
    Jobs jobs = Jobs.start(ORDER, Map.of(), timed);
    ArmedTimer timeout = jobs.snapshot.timers().get(0);
    assertThat(timeout.key()).isEqualTo(timeoutKey("processing"));
    assertThat(timeout.due()).isEqualTo(T0.plusSeconds(120));
    jobs.run(0);
    jobs.fire(timeout, T0.plusSeconds(119));
    assertThat(jobs.snapshot.value()).contains("processing.payment.charging");
    jobs.fire(timeout, T0.plusSeconds(120));
    assertThat(jobs.payload(TIMEOUT))
        .containsEntry(PARALLEL_STATE, "processing")
        .containsEntry(TIMEOUT_SECONDS, 120L)
        .containsEntry(STALLED_REGIONS, List.of("processing.payment"));
    assertThat(jobs.snapshot.value()).containsExactly("failed");
  }

  @Test
  void theRegionTimeoutIsANoOpOnceTheStateWasLeft() {
    Jobs jobs = Jobs.start(ORDER, Map.of(), DispatchPolicy.enabled(Duration.ofSeconds(5)));
    ArmedTimer timeout = jobs.snapshot.timers().get(0);
    jobs.runInOrder(0, 1);
    assertThat(jobs.snapshot.value()).containsExactly("completed");
    assertThat(jobs.snapshot.timers()).isEmpty();
    jobs.fire(timeout, T0.plusSeconds(5));
    assertThat(jobs.types()).doesNotContain(TIMEOUT);
    assertThat(jobs.snapshot.value()).containsExactly("completed");
  }

  @Test
  void aRegionTimeoutSurvivesARearm() {
    Jobs jobs = Jobs.start(ORDER, Map.of(), DispatchPolicy.enabled(Duration.ofSeconds(5)));
    StepResult rearmed = Interpreter.rearm(jobs.snapshot, T0);
    assertThat(rearmed.snapshot().timers()).hasSize(1);
  }

  @Test
  void onFailIsForParallelStatesOnly() {
    assertThatThrownBy(
            () ->
                Machine.define("m")
                    .initial("a")
                    .state("a", s -> s.initial("x").state("x").onFail("b"))
                    .state("b")
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageContaining("a.onFail")
        .hasMessageContaining("only a parallel state");
  }

  @Test
  void aSynchronousEmitInADispatchedActionFailsClearly() {
    MachineDefinition emits =
        Machine.define("emits")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state(
                            "a",
                            r ->
                                r.initial("w")
                                    .state(
                                        "w",
                                        s ->
                                            s.entry(
                                                a ->
                                                    a.emit(
                                                        dev.clockwork.core.behavior.Target.instance(
                                                            "x"),
                                                        Event.of("E")))))
                        .state("b", r -> r.initial("w").state("w", s -> s.entry(a -> {}))))
            .build();
    Jobs jobs = Jobs.start(emits, Map.of());
    assertThatThrownBy(() -> jobs.work(0, null)).hasMessageContaining("emitAsync");
  }

  @Test
  void anAsyncEmitToEachKindOfTargetInADispatchedActionReachesTheStepThatAppliesIt() {
    MachineDefinition emits =
        Machine.define("emits")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state(
                            "a",
                            r ->
                                r.initial("w")
                                    .state(
                                        "w",
                                        s ->
                                            s.entry(
                                                a -> {
                                                  a.emitAsync(Target.parent(), Event.of("UP"));
                                                  a.emitAsync(Target.machine("m"), Event.of("M"));
                                                  a.emitAsync(Target.instance("i"), Event.of("I"));
                                                })))
                        .state("b", r -> r.initial("w").state("w", s -> s.entry(a -> {}))))
            .build();
    Jobs jobs = Jobs.start(emits, Map.of());
    jobs.run(0);
    assertThat(jobs.last.effects())
        .filteredOn(Effect.Emitted.class::isInstance)
        .containsExactly(
            new Effect.Emitted(Target.parent(), Event.of("UP")),
            new Effect.Emitted(Target.machine("m"), Event.of("M")),
            new Effect.Emitted(Target.instance("i"), Event.of("I")));
  }

  @Test
  void aTargetNamesExactlyOneOfAnInstanceAMachineOrTheParent() {
    assertThat(Target.parent().toParent()).isTrue();
    assertThat(Target.parent()).hasToString("@parent");
    assertThat(Target.machine("m").toParent()).isFalse();
    assertThatThrownBy(() -> new Target("i", null, true))
        .hasMessageContaining("exactly one of an instance, a machine or the parent");
    assertThatThrownBy(() -> new Target(null, null))
        .hasMessageContaining("exactly one of an instance, a machine or the parent");
  }

  private static List<Effect.RegionDispatched> dispatched(StepResult result) {
    return result.effects().stream()
        .filter(Effect.RegionDispatched.class::isInstance)
        .map(Effect.RegionDispatched.class::cast)
        .toList();
  }

  /** Plays the runtime: dispatched jobs, run off-lease, their results applied in a chosen order. */
  static final class Jobs {
    final List<Effect.RegionDispatched> jobs;
    final Map<String, Object> baseline;
    final Event[] results;
    final DispatchPolicy policy;
    Snapshot snapshot;
    StepResult last;

    private Jobs(StepResult started, DispatchPolicy policy) {
      this.jobs = dispatched(started);
      this.baseline = started.snapshot().context().asMap();
      this.results = new Event[jobs.size()];
      this.snapshot = started.snapshot();
      this.policy = policy;
    }

    static Jobs start(MachineDefinition definition, Map<String, ?> input) {
      return start(definition, input, ON);
    }

    static Jobs start(MachineDefinition definition, Map<String, ?> input, DispatchPolicy policy) {
      return new Jobs(Interpreter.start(definition, input, T0, Delivery.NONE, policy), policy);
    }

    /** Runs job {@code i}'s entry actions on the current snapshot (plus {@code writes}). */
    void work(int i, Map<String, Object> writes) {
      Effect.RegionDispatched job = jobs.get(i);
      assertThat(
              Interpreter.regionPending(
                  snapshot,
                  job.parallelState(),
                  job.parallelEntry(),
                  job.initialState(),
                  job.initialEntry()))
          .isTrue();
      RegionWork work =
          Interpreter.runRegion(snapshot, job.initialState(), job.trigger(), T0, Delivery.NONE);
      if (writes != null) {
        Map<String, Object> set = new java.util.LinkedHashMap<>(work.set());
        set.putAll(writes);
        work =
            new RegionWork(
                work.region(),
                work.initialState(),
                set,
                work.removed(),
                work.raised(),
                work.emitted());
      }
      results[i] =
          work.toEvent(job.parallelState(), job.parallelEntry(), job.initialEntry(), baseline);
    }

    void apply(int i) {
      send(results[i]);
    }

    void run(int i) {
      work(i, null);
      apply(i);
    }

    void runInOrder(int... order) {
      for (int i : order) {
        run(i);
      }
    }

    void fail(int i, String error, String exception, int attempts) {
      Effect.RegionDispatched job = jobs.get(i);
      Map<String, Object> payload = new java.util.LinkedHashMap<>();
      payload.put(PARALLEL_STATE, job.parallelState());
      payload.put(PARALLEL_ENTRY, job.parallelEntry());
      payload.put(REGION, job.region());
      payload.put(INITIAL_STATE, job.initialState());
      payload.put(INITIAL_ENTRY, job.initialEntry());
      payload.put(ERROR, error);
      payload.put(EXCEPTION, exception);
      payload.put(ATTEMPTS, attempts);
      send(Event.of(REGION_FAILED, payload));
    }

    void fire(ArmedTimer timer, Instant at) {
      TimerFire fire = new TimerFire(timer.key(), timer.entryId(), timer.due());
      last =
          Interpreter.transition(
              snapshot, Event.timerFire(timer.event(), fire), at, null, Delivery.NONE, policy);
      snapshot = last.snapshot();
    }

    void send(Event event) {
      last = Interpreter.transition(snapshot, event, T0, null, Delivery.NONE, policy);
      snapshot = last.snapshot();
    }

    /** The internal events the last step recorded, in order. */
    List<String> types() {
      List<String> types = new ArrayList<>();
      for (Effect effect : last.effects()) {
        if (effect instanceof Effect.InternalEvent internal) {
          types.add(internal.event().type());
        }
      }
      return types;
    }

    /** The payload of the last step's internal event of {@code type}. */
    Map<String, Object> payload(String type) {
      for (Effect effect : last.effects()) {
        if (effect instanceof Effect.InternalEvent internal
            && internal.event().type().equals(type)) {
          return internal.event().payload();
        }
      }
      throw new AssertionError("no " + type + " among " + types());
    }
  }
}
