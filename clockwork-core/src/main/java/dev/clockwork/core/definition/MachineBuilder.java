package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.input.InputRules;
import dev.clockwork.core.time.OverduePolicy;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Declares a machine: its settings and its top-level states. {@link #build()} validates it all. */
public final class MachineBuilder extends StatesBuilder<MachineBuilder> {
  /** Microsteps per macrostep before a loop is reported, unless set. */
  public static final int DEFAULT_MAX_TRANSITION_DEPTH = 100;

  int version = 1;
  ZoneId zone = ZoneId.of("UTC");
  Behaviors behaviors = Behaviors.none();
  Context context = Context.empty();
  int maxTransitionDepth = DEFAULT_MAX_TRANSITION_DEPTH;
  OverduePolicy overdue = OverduePolicy.FIRE;
  Duration overdueAfter;
  final List<StartTimer> startTimers = new ArrayList<>();
  final Map<String, EventValidator> validators = new LinkedHashMap<>();
  final List<String> repeatedValidators = new ArrayList<>();

  MachineBuilder(String id) {
    super(
        InputRules.id("machine id", Objects.requireNonNull(id, "machine id")), StateKind.COMPOUND);
  }

  @Override
  MachineBuilder self() {
    return this;
  }

  /** The definition's version (default 1); instances remember the version they run. */
  public MachineBuilder version(int version) {
    this.version = version;
    return this;
  }

  /** The zone for calendar-unit and cron timers that name none (default UTC). */
  public MachineBuilder zone(ZoneId zone) {
    this.zone = Objects.requireNonNull(zone, "zone");
    return this;
  }

  /**
   * What the machine's repeating timers do when found overdue, unless a timer says otherwise
   * (default {@link OverduePolicy#FIRE}).
   */
  public MachineBuilder overdue(OverduePolicy policy) {
    this.overdue = Objects.requireNonNull(policy, "policy");
    return this;
  }

  /**
   * How late the machine's repeating timers may fire before they count as overdue, unless a timer
   * says otherwise (default: one interval).
   */
  public MachineBuilder overdueAfter(Duration grace) {
    if (grace.isNegative() || grace.isZero()) {
      throw new IllegalArgumentException("overdueAfter must be positive, not " + grace);
    }
    this.overdueAfter = grace;
    return this;
  }

  /** Where named guards, actions and timer values are looked up. */
  public MachineBuilder behaviors(Behaviors behaviors) {
    this.behaviors = Objects.requireNonNull(behaviors, "behaviors");
    return this;
  }

  /** The context every new instance starts with. */
  public MachineBuilder context(Map<String, ?> initial) {
    this.context = Context.of(initial);
    return this;
  }

  /** Microsteps allowed per macrostep (default 100) before {@code always}/raise loops fail. */
  public MachineBuilder maxTransitionDepth(int depth) {
    this.maxTransitionDepth = depth;
    return this;
  }

  /**
   * Adds a timer start event firing once at an ISO 8601 date-time ({@code 2026-05-01T08:00:00Z}):
   * each fire starts an instance of the newest version. See {@link StartTimer}.
   */
  public MachineBuilder startAt(String isoDateTime) {
    return startOn(StartTimer.at(isoDateTime));
  }

  /**
   * Adds a timer start event on a cycle ({@code R/2026-01-01T09:00:00Z/P1D}), a cron expression
   * ({@code 0 9 * * MON-FRI}, in the machine's zone) or a date, told apart by {@link
   * StartTimer#of(String)}.
   */
  public MachineBuilder startOn(String cycleCronOrDate) {
    return startOn(StartTimer.of(cycleCronOrDate));
  }

  /**
   * Adds a timer start event: {@code startOn(StartTimer.cron("0 9 * * MON-FRI", berlin))}, or one
   * {@link StartTimer#computed computed} when the version is deployed. Deploying a version (see
   * {@code Schedules.deployStartTimers()}) schedules its start timers and cancels those of the
   * versions before it.
   */
  public MachineBuilder startOn(StartTimer timer) {
    startTimers.add(Objects.requireNonNull(timer, "start timer"));
    return this;
  }

  /**
   * Checks the payload of every {@code eventType} event before it is accepted: {@code send} and
   * {@code enqueue} refuse an event whose payload has errors (see {@link EventValidator}). The
   * event type must be one some transition takes, and it gets one validator.
   */
  public MachineBuilder validate(String eventType, EventValidator validator) {
    Objects.requireNonNull(eventType, "event type");
    Objects.requireNonNull(validator, "validator");
    if (validators.put(eventType, validator) != null) {
      repeatedValidators.add(eventType);
    }
    return this;
  }

  /**
   * Validates the whole definition and returns it, immutable.
   *
   * @throws dev.clockwork.core.InvalidDefinitionException naming the path of the first mistake and
   *     what to write instead
   */
  public MachineDefinition build() {
    return new DefinitionCompiler(this).compile();
  }
}
