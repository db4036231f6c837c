package dev.clockwork.schedule;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleNames;
import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import dev.clockwork.schedule.error.ScheduleNotFoundException;
import dev.clockwork.schedule.internal.AuditRetention;
import dev.clockwork.schedule.internal.Lifecycle;
import dev.clockwork.schedule.internal.ManualTriggers;
import dev.clockwork.schedule.internal.Services;
import dev.clockwork.schedule.internal.Ticker;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.schedule.outcome.StartTimerDeployment;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Named, durable schedules that start machine instances (or send events to one) on cron, interval,
 * time date and cycle specs: overlap, catch-up and DST policies, jitter, max runs,
 * pause/resume/update/delete, manual triggers, backfill and a per-schedule audit stream. Every
 * clock read is the engine's.
 *
 * <pre>{@code
 * Schedules schedules = new Schedules(engine, new InMemoryScheduleStore());
 * schedules.create(ScheduleRequest.builder("daily-invoice-sync")
 *     .startMachine("invoice-sync", Map.of("mode", "nightly"))
 *     .cron("0 2 * * *")
 *     .timezone("America/New_York")
 *     .build());
 * schedules.runInWorkers(Duration.ofSeconds(1)); // or call tick() from cron
 * }</pre>
 *
 * <p>Machines that declare timer start events ({@code Machine.define(...).startOn(...)}) get one
 * schedule per start timer when their version is deployed: {@link #deployStartTimers()}, which
 * {@link Engine#start()} runs.
 *
 * <p>A service works in one namespace ({@link #in} gives another) and records an optional {@link
 * CommandContext} with each command ({@link #withContext}); {@link #tick()} covers every namespace.
 * Thread-safe; any number of services (on any number of nodes) may share one store.
 */
public final class Schedules {
  private static final String DEFAULT_DELETE_REASON = "delete_requested";
  private static final int MAX_HISTORY_PAGE = 500;
  private static final int LIST_PAGE = 500;
  private static final int DEFAULT_HISTORY_PAGE = 100;

  private final Services services;
  private final String namespace;
  private final CommandContext context;

  /**
   * A service with the default options and jitter drawn from {@link Random}; it deploys the
   * machines' start timers when the engine starts, and removes deleted schedules' audit in the
   * engine's retention passes when {@code retention.schedule_audit} is set.
   */
  public Schedules(Engine engine, ScheduleStore store) {
    this(new Services(engine, store, ScheduleOptions.defaults(), new Random()), null, null);
    deployOnStart();
    auditRetention();
  }

  Schedules(Services services, String namespace, CommandContext context) {
    this.services = services;
    this.namespace = namespace != null ? namespace : services.options().defaultNamespace();
    this.context = context;
  }

  public static SchedulesBuilder builder(Engine engine) {
    return new SchedulesBuilder(engine);
  }

  /** The same service working in {@code other} namespace. */
  public Schedules in(String other) {
    return new Schedules(services, ScheduleNames.check("namespace", other), context);
  }

  /** The same service recording {@code commandContext} with each command (null: none). */
  public Schedules withContext(CommandContext commandContext) {
    return new Schedules(services, namespace, commandContext);
  }

  public String namespace() {
    return namespace;
  }

  public ScheduleOptions options() {
    return services.options();
  }

  public ScheduleStore store() {
    return services.store();
  }

  // ---- creating ----

  /**
   * Creates a schedule in the request's namespace (or this service's) and records {@code
   * ScheduleCreated}.
   *
   * @throws InvalidScheduleException when its machine is not registered or its spec never fires
   * @throws dev.clockwork.schedule.store.DuplicateScheduleException when the id is taken
   */
  public ScheduleDescription create(ScheduleRequest request) {
    String target = request.namespace() != null ? request.namespace() : namespace;
    ScheduleRecord created =
        lifecycle().create(target, request.scheduleId(), anchored(request.settings()), context);
    return describe(created, services.options().upcomingCount());
  }

  /**
   * Creates a schedule from a spec and an action written as maps: {@code {cron_expressions: [...],
   * intervals: [{every, offset}], dates: [...], cycles: [...], timezone, dst_gap, dst_overlap}} and
   * {@code {machine, input}} or {@code {instance_id, event, payload}}.
   */
  public ScheduleDescription createFromSpec(
      String scheduleId, Map<String, ?> spec, Map<String, ?> action) {
    return createFromSpec(scheduleId, spec, action, b -> {});
  }

  /** {@link #createFromSpec(String, Map, Map)} with the other parameters set on the builder. */
  public ScheduleDescription createFromSpec(
      String scheduleId,
      Map<String, ?> spec,
      Map<String, ?> action,
      Consumer<ScheduleRequest.Builder> parameters) {
    ScheduleRequest.Builder builder = ScheduleRequest.builder(scheduleId).spec(spec).action(action);
    parameters.accept(builder);
    return create(builder.build());
  }

  // ---- lifecycle ----

  /** Pauses the schedule; it fires on nothing until resumed. Pausing it again changes nothing. */
  public ScheduleDescription pause(String scheduleId, String reason) {
    return describe(lifecycle().pause(namespace, scheduleId, reason, context));
  }

  /** Resumes the schedule, its next fire computed from now. */
  public ScheduleDescription resume(String scheduleId) {
    return describe(lifecycle().resume(namespace, scheduleId, context));
  }

  /**
   * Changes settings (see {@link ScheduleUpdate}); records {@code ScheduleUpdated}. A new spec's
   * cycles without a start count from now.
   */
  public ScheduleDescription update(String scheduleId, UnaryOperator<ScheduleSettings> change) {
    return describe(
        lifecycle()
            .update(namespace, scheduleId, current -> anchored(change.apply(current)), context));
  }

  /** Soft-deletes the schedule with reason {@code delete_requested}. */
  public ScheduleDescription delete(String scheduleId) {
    return delete(scheduleId, DEFAULT_DELETE_REASON);
  }

  /** Soft-deletes the schedule: it stays readable, with its history, and takes no command. */
  public ScheduleDescription delete(String scheduleId, String reason) {
    return describe(lifecycle().delete(namespace, scheduleId, reason, context));
  }

  // ---- reading ----

  /** The schedule with its next {@link ScheduleOptions#upcomingCount()} fire times. */
  public ScheduleDescription describe(String scheduleId) {
    return describe(scheduleId, services.options().upcomingCount());
  }

  /** The schedule with its next {@code upcoming} fire times. */
  public ScheduleDescription describe(String scheduleId, int upcoming) {
    return describe(load(scheduleId), upcoming);
  }

  /** The schedule with this id in this namespace, deleted or not. */
  public Optional<ScheduleDescription> find(String scheduleId) {
    return services.store().find(namespace, scheduleId).map(this::describe);
  }

  /** The namespace's schedules, sorted by id, deleted ones left out. */
  public List<ScheduleDescription> list() {
    return list(false);
  }

  /** The namespace's schedules, sorted by id, with or without the deleted ones. */
  public List<ScheduleDescription> list(boolean includeDeleted) {
    List<ScheduleDescription> all = new ArrayList<>();
    String after = null;
    while (true) {
      List<ScheduleRecord> page =
          services.store().list(namespace, includeDeleted, after, LIST_PAGE);
      page.forEach(record -> all.add(describe(record, 0)));
      if (page.size() < LIST_PAGE) {
        return all;
      }
      after = page.get(page.size() - 1).scheduleId();
    }
  }

  /** The first page (100 events) of the schedule's audit stream. */
  public ScheduleHistoryPage history(String scheduleId) {
    return history(scheduleId, DEFAULT_HISTORY_PAGE, 0);
  }

  /**
   * A page of the schedule's audit stream, also after it was deleted.
   *
   * @param limit clamped to 1–500
   * @param afterSequence the previous page's {@code nextCursor}, 0 for the start
   */
  public ScheduleHistoryPage history(String scheduleId, int limit, long afterSequence) {
    if (afterSequence < 0) {
      throw new IllegalArgumentException(
          "afterSequence " + afterSequence + " is negative; pass 0 or a previous next_cursor");
    }
    load(scheduleId);
    int clamped = Math.max(1, Math.min(MAX_HISTORY_PAGE, limit));
    List<ScheduleAuditEvent> events =
        services.store().history(namespace, scheduleId, afterSequence, clamped + 1);
    boolean more = events.size() > clamped;
    List<ScheduleAuditEvent> page = more ? events.subList(0, clamped) : events;
    Long cursor = more ? page.get(page.size() - 1).sequence() : null;
    return new ScheduleHistoryPage(page, cursor, more);
  }

  /** Occurrences that did not run, with their reasons, oldest first. */
  public List<SkippedOccurrence> skipped(String scheduleId) {
    return skipped(scheduleId, MAX_HISTORY_PAGE, 0);
  }

  /** A page of skipped occurrences with a sequence above {@code afterSequence}. */
  public List<SkippedOccurrence> skipped(String scheduleId, int limit, long afterSequence) {
    load(scheduleId);
    return services.store().skipped(namespace, scheduleId, afterSequence, limit);
  }

  // ---- triggering ----

  /**
   * Triggers the schedule now under its overlap policy.
   *
   * @return the started instance's id, or null when the trigger was skipped or buffered
   */
  public String trigger(String scheduleId) {
    return triggers().trigger(namespace, scheduleId, context);
  }

  /**
   * Triggers every occurrence in [from, to) under the schedule's policy (buffering as allow-all).
   */
  public List<BackfillResult> backfill(String scheduleId, Instant from, Instant to) {
    return backfill(scheduleId, from, to, null);
  }

  /** {@link #backfill(String, Instant, Instant)} under {@code override} (null: the schedule's). */
  public List<BackfillResult> backfill(
      String scheduleId, Instant from, Instant to, OverlapPolicy override) {
    return triggers().backfill(namespace, scheduleId, from, to, override, context);
  }

  /**
   * Evaluates every due schedule of every namespace at the engine clock's instant; returns a row
   * per occurrence evaluated.
   */
  public List<TickResult> tick() {
    return new Ticker(services).tick();
  }

  /** Runs {@link #tick()} inside every worker of the engine, every {@code every}. */
  public Schedules runInWorkers(Duration every) {
    services.engine().tasks().addWorkerTask("schedules", every, this::tick);
    return this;
  }

  // ---- timer start events ----

  /**
   * Deploys the timer start events of every registered machine in this namespace: see {@link
   * #deployStartTimers(String)}. The engine does this when it starts (unless {@link
   * Builder#deployStartTimersOnStart} turned it off); call it after registering a version on a
   * running engine, or from a deploy job.
   */
  public List<StartTimerDeployment> deployStartTimers() {
    return services.engine().machines().ids().stream().map(this::deployStartTimers).toList();
  }

  /**
   * Deploys the timer start events of the newest registered version of {@code machine}, as BPMN
   * deploys a process: creates a start schedule ({@code machine.<machine>.v<version>.start.<n>},
   * each occurrence starting an instance of the newest version) for each start timer that has none
   * yet, evaluating computed ones now, and deletes the start schedules of older versions. Any
   * number of nodes may deploy at once: each schedule is created once, and a node whose version is
   * older than one already deployed changes nothing.
   *
   * @throws dev.clockwork.runtime.error.UnknownMachineException when the machine is not registered
   */
  public StartTimerDeployment deployStartTimers(String machine) {
    MachineDefinition newest = services.engine().machines().latest(machine);
    CommandContext deploy =
        context != null
            ? context
            : new CommandContext(
                null, null, "deploy", "timer start events of " + machine + " v" + newest.version());
    Instant now = services.engine().clock().instant();
    return new StartTimerSync(withContext(deploy), now).deploy(newest);
  }

  // ---- helpers ----

  /** Adds {@code retention.schedule_audit}'s purge to the engine's retention passes. */
  Schedules auditRetention() {
    AuditRetention.addTo(services.engine(), services.store());
    return this;
  }

  Schedules deployOnStart() {
    services.engine().tasks().addStartTask("deploy start timers", this::deployStartTimers);
    return this;
  }

  /** The settings with their spec's cycles without a start counting from now. */
  private ScheduleSettings anchored(ScheduleSettings settings) {
    ScheduleSpec spec = settings.spec();
    return spec.needsAnchor()
        ? settings.toBuilder().spec(spec.anchoredAt(services.engine().clock().instant())).build()
        : settings;
  }

  private Lifecycle lifecycle() {
    return new Lifecycle(services);
  }

  private ManualTriggers triggers() {
    return new ManualTriggers(services);
  }

  private ScheduleRecord load(String scheduleId) {
    return services
        .store()
        .find(namespace, scheduleId)
        .orElseThrow(() -> new ScheduleNotFoundException(namespace, scheduleId));
  }

  private ScheduleDescription describe(ScheduleRecord record) {
    return describe(record, services.options().upcomingCount());
  }

  private ScheduleDescription describe(ScheduleRecord record, int upcoming) {
    List<Instant> times = new ArrayList<>();
    if (record.status() == ScheduleStatus.ACTIVE && record.nextFireAt() != null && upcoming > 0) {
      times.add(record.nextFireAt());
      Instant t =
          record.nextOccurrenceAt() != null ? record.nextOccurrenceAt() : record.nextFireAt();
      while (times.size() < upcoming) {
        Optional<Instant> next = record.settings().spec().next(t);
        if (next.isEmpty()) {
          break;
        }
        times.add(next.get());
        t = next.get();
      }
    }
    List<BufferedTrigger> buffered =
        record.bufferedCount() == 0
            ? List.of()
            : services.store().buffered(record.namespace(), record.scheduleId());
    return new ScheduleDescription(record, buffered, times);
  }
}
