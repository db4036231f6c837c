package dev.clockwork.testkit;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.RegionJob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fluent test of one machine instance on virtual time: send events, assert states, context and
 * timers, and advance time so days of timers pass in microseconds.
 *
 * <pre>{@code
 * MachineTest.of(orderMachine)
 *     .send("SUBMIT")
 *     .assertState("awaiting_payment")
 *     .assertHasTimer("ORDER_EXPIRED")
 *     .advanceTimers(Timer.days(7))
 *     .assertState("cancelled")
 *     .assertTimerFired("ORDER_EXPIRED");
 * }</pre>
 *
 * <p>By default it runs on an in-memory store from {@link #DEFAULT_START}; {@link #with} chooses
 * another store (PostgreSQL, for a test of the real claims), start instant or input.
 */
public final class MachineTest {
  /** Where virtual time starts unless told otherwise: 2026-01-01T00:00:00Z. */
  public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

  private final Engine engine;
  private final VirtualClock clock;
  private final String instanceId;
  private final DispatchedJobs jobs;
  private SendResult last;

  MachineTest(Engine engine, VirtualClock clock, String instanceId) {
    this.engine = engine;
    this.clock = clock;
    this.instanceId = instanceId;
    this.jobs = new DispatchedJobs(engine, instanceId);
  }

  /** Creates an instance of {@code machine} on an in-memory store at {@link #DEFAULT_START}. */
  public static MachineTest of(MachineDefinition machine) {
    return with(machine).start();
  }

  /** Creates an instance with {@code input} merged over the machine's initial context. */
  public static MachineTest of(MachineDefinition machine, Map<String, ?> input) {
    return with(machine).input(input).start();
  }

  /** Starts configuring a test: store, start instant, input, instance id. */
  public static MachineTestSetup with(MachineDefinition machine) {
    return new MachineTestSetup(machine);
  }

  // ---- acting ----

  public MachineTest send(String eventType) {
    return send(Event.of(eventType));
  }

  public MachineTest send(String eventType, Map<String, ?> payload) {
    return send(Event.of(eventType, payload));
  }

  /**
   * Sends an event synchronously, then processes whatever it set in motion in other queues (child
   * machines starting or reporting back), so the test sees a settled system.
   */
  public MachineTest send(Event event) {
    last = engine.send(instanceId, event);
    engine.runDue();
    return this;
  }

  /** Enqueues an event (asynchronous path) and processes every queue until none has work. */
  public MachineTest enqueue(String eventType) {
    engine.enqueue(instanceId, Event.of(eventType));
    engine.runDue();
    return this;
  }

  /** Sends an event to the child machine run by the active state at {@code statePath}. */
  public MachineTest sendToChild(String statePath, String eventType) {
    engine.send(child(statePath), Event.of(eventType));
    engine.runDue();
    return this;
  }

  /**
   * The id of the child instance started by the latest entry of {@code statePath} (child ids are
   * {@code <parent>/<state path>#<entry id>}).
   */
  public String child(String statePath) {
    List<HistoryEntry> started =
        history().stream()
            .filter(h -> h.kind() == HistoryEntry.Kind.CHILD_STARTED)
            .filter(h -> h.detail().startsWith(statePath + "#"))
            .toList();
    if (started.isEmpty()) {
      throw new AssertionError("no child machine was started by state " + statePath);
    }
    return instanceId + "/" + started.get(started.size() - 1).detail();
  }

  /** Sends an event that must fail; returns the test so the unchanged instance can be asserted. */
  public MachineTest sendExpectingFailure(String eventType, Class<? extends Throwable> failure) {
    try {
      engine.send(instanceId, Event.of(eventType));
    } catch (RuntimeException e) {
      if (failure.isInstance(e)) {
        return this;
      }
      throw new AssertionError("expected " + failure.getSimpleName() + " but got " + e, e);
    }
    throw new AssertionError("expected " + eventType + " to fail with " + failure.getSimpleName());
  }

  /**
   * Moves virtual time forward by {@code timer}, firing every timer that falls due on the way — in
   * due order, across every instance of this test's engine, with the clock set to each due time.
   */
  public MachineTest advanceTimers(Timer timer) {
    return advanceTimers(timer.toDuration());
  }

  /** Moves virtual time forward by {@code duration}, firing due timers on the way. */
  public MachineTest advanceTimers(Duration duration) {
    return advanceTimersTo(clock.instant().plus(duration));
  }

  /** Moves virtual time to {@code target}, firing due timers on the way. */
  public MachineTest advanceTimersTo(Instant target) {
    TimeTravel.advance(engine, clock, target);
    return this;
  }

  // ---- asserting ----

  /** Asserts that the state (a dotted path or unique name; an ancestor counts) is active. */
  public MachineTest assertState(String state) {
    Instance instance = instance();
    if (!instance.isIn(state) && !endsWithState(instance, state)) {
      throw new AssertionError("expected state " + state + " but was " + describe(instance));
    }
    return this;
  }

  public MachineTest assertNotState(String state) {
    Instance instance = instance();
    if (instance.isIn(state) || endsWithState(instance, state)) {
      throw new AssertionError("expected not to be in " + state + ": " + describe(instance));
    }
    return this;
  }

  /** Asserts that a top-level final state was reached. */
  public MachineTest assertDone() {
    if (!instance().isDone()) {
      throw new AssertionError("expected the instance to be done: " + describe(instance()));
    }
    return this;
  }

  /** Asserts a context value; numbers compare by value ({@code 3} equals {@code 3L}). */
  public MachineTest assertContext(String key, Object expected) {
    Map<String, Object> context = instance().context();
    Object actual = context.get(key);
    if (!JsonEquality.same(expected, actual) || (expected == null && !context.containsKey(key))) {
      throw new AssertionError(
          "expected context." + key + " = " + expected + " but was " + actual + " in " + context);
    }
    return this;
  }

  /** Asserts that a timer sending {@code event} is armed. */
  public MachineTest assertHasTimer(String event) {
    if (armed(event).isEmpty()) {
      throw new AssertionError("expected a timer for " + event + ": " + describe(instance()));
    }
    return this;
  }

  public MachineTest assertNotHasTimer(String event) {
    if (armed(event).isPresent()) {
      throw new AssertionError("expected no timer for " + event + ": " + describe(instance()));
    }
    return this;
  }

  /** Asserts when the timer sending {@code event} is due next. */
  public MachineTest assertTimerDue(String event, Instant due) {
    Instant actual =
        armed(event)
            .orElseThrow(() -> new AssertionError("no timer for " + event + " is armed"))
            .due();
    if (!actual.equals(due)) {
      throw new AssertionError(
          "expected " + event + " due at " + due + " but it is due at " + actual);
    }
    return this;
  }

  /** Asserts that a timer sent {@code event} at least once. */
  public MachineTest assertTimerFired(String event) {
    if (firedCount(event) == 0) {
      throw new AssertionError(
          "expected the timer " + event + " to have fired; history: " + history());
    }
    return this;
  }

  public MachineTest assertTimerNotFired(String event) {
    return assertTimerFiredTimes(event, 0);
  }

  /** Asserts how many times a timer sent {@code event} over the whole life of the instance. */
  public MachineTest assertTimerFiredTimes(String event, int times) {
    long fired = firedCount(event);
    if (fired != times) {
      throw new AssertionError(
          "expected the timer " + event + " to have fired " + times + " times, it fired " + fired);
    }
    return this;
  }

  // ---- parallel dispatch (MachineTestSetup.parallelDispatch) ----

  /**
   * Runs the region job of each region, in the order given (a region by its path or its own name),
   * then processes whatever that set in motion; with no region named, every waiting job, oldest
   * first, including jobs dispatched by those runs.
   */
  public MachineTest runRegionJobs(String... regionsInOrder) {
    if (regionsInOrder.length == 0) {
      engine.regionJobs().runAvailable();
    }
    for (String region : regionsInOrder) {
      jobs.run(region);
    }
    engine.runDue();
    return this;
  }

  /**
   * Runs a region's job with {@code error} thrown in place of its entry actions: a failed attempt,
   * retried after {@code job_backoff} (advance the timers to reach it), or on the last attempt the
   * parallel state's {@code @fail}.
   */
  public MachineTest failRegionJob(String region, RuntimeException error) {
    jobs.fail(region, error);
    engine.runDue();
    return this;
  }

  /** Asserts which regions have a job waiting, in dispatch order (paths or own names). */
  public MachineTest assertRegionJobs(String... regions) {
    List<String> waiting = jobs.regions();
    boolean same = waiting.size() == regions.length;
    for (int i = 0; same && i < regions.length; i++) {
      same = waiting.get(i).equals(regions[i]) || waiting.get(i).endsWith("." + regions[i]);
    }
    if (!same) {
      throw new AssertionError(
          "expected region jobs for " + List.of(regions) + ", waiting: " + waiting);
    }
    return this;
  }

  /**
   * Asserts that the history has a row of {@code type} (e.g. {@code PARALLEL_CONTEXT_CONFLICT}).
   */
  public MachineTest assertRecorded(String type) {
    if (engine.instances().history(HistoryQuery.ofType(instanceId, type)).isEmpty()) {
      throw new AssertionError(
          "expected a "
              + type
              + " row in the history; it has "
              + history().stream().map(HistoryEntry::event).toList());
    }
    return this;
  }

  /** The region jobs of the instance waiting to run, in dispatch order. */
  public List<RegionJob> regionJobs() {
    return jobs.pending();
  }

  // ---- looking ----

  public Instance instance() {
    return engine.instances().get(instanceId);
  }

  public List<HistoryEntry> history() {
    return engine.instances().history(HistoryQuery.all(instanceId));
  }

  /** The result of the last {@code send}, if any. */
  public Optional<SendResult> lastResult() {
    return Optional.ofNullable(last);
  }

  public String instanceId() {
    return instanceId;
  }

  public Engine engine() {
    return engine;
  }

  public VirtualClock clock() {
    return clock;
  }

  public Instant now() {
    return clock.instant();
  }

  private Optional<ArmedTimer> armed(String event) {
    return instance().timers().stream().filter(t -> t.event().equals(event)).findFirst();
  }

  private long firedCount(String event) {
    return history().stream()
        .filter(h -> h.kind() == HistoryEntry.Kind.TIMER_FIRED && h.event().equals(event))
        .count();
  }

  private static boolean endsWithState(Instance instance, String state) {
    return instance.states().stream()
        .anyMatch(s -> s.endsWith("." + state) || s.contains("." + state + "."));
  }

  private static String describe(Instance instance) {
    return "states "
        + instance.states()
        + (instance.isDone() ? " (done)" : "")
        + ", timers "
        + instance.timers().stream().map(t -> t.event() + "@" + t.due()).toList()
        + ", context "
        + instance.context();
  }
}
