package dev.clockwork.runtime.admin;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.health.HealthReport;
import dev.clockwork.runtime.health.MachineHealth;
import dev.clockwork.runtime.health.QueueHealth;
import dev.clockwork.runtime.health.StoreHealth;
import dev.clockwork.runtime.health.StoreOutage;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Operating the queues: status, pause and resume, dead letters (list, inspect, retry, purge),
 * purging pending events, retention, health. What the {@code clockwork queue} commands call; every
 * operation acts on the shared store, so it holds for every node.
 */
public final class QueueAdmin {
  private static final int STUCK_REPORTED = 100;

  /** How long the store keeps activity minutes. */
  public static final Duration ACTIVITY_RETENTION = Duration.ofDays(1);

  private final Store store;
  private final Clock clock;
  private final Function<String, QueueConfig> config;
  private final ProcessingTimes times;
  private final ActivityRecorder recorder;
  private final Supplier<Optional<StoreOutage>> outage;
  private final Supplier<Set<String>> registered;
  private final Supplier<List<VersionProblem>> versionProblems;

  /**
   * An admin whose process has nothing of its own to add to the store's activity: the CLI's, which
   * processes no events.
   */
  public QueueAdmin(
      Store store, Clock clock, Function<String, QueueConfig> config, ProcessingTimes times) {
    this(store, clock, config, times, new ActivityRecorder(), null, Set::of, null);
  }

  /**
   * @param times the processing times this process measured (an admin without workers, like the
   *     CLI's, measures none)
   * @param recorder what this process processed and has not added to the store's activity yet
   * @param outage the store's failures as this process's workers meet them, for the health report's
   *     {@code store} line (null: an admin without workers, which has no such line)
   * @param registered the machines this process has registered: with those of stored instances, the
   *     machines whose queue may be paused
   * @param versionProblems the deployed versions this process's engine does not run as deployed,
   *     for the health report's {@code machines} lines (null: an admin without an engine)
   */
  public QueueAdmin(
      Store store,
      Clock clock,
      Function<String, QueueConfig> config,
      ProcessingTimes times,
      ActivityRecorder recorder,
      Supplier<Optional<StoreOutage>> outage,
      Supplier<Set<String>> registered,
      Supplier<List<VersionProblem>> versionProblems) {
    this.registered = registered;
    this.versionProblems = versionProblems;
    this.store = store;
    this.clock = clock;
    this.config = config;
    this.times = times;
    this.recorder = recorder;
    this.outage = outage;
  }

  /** The machines with stored instances, sorted. */
  public List<String> machines() {
    return store.instances().machines();
  }

  /** Every machine's queue figures, by machine name. */
  public List<QueueStats> status() {
    Instant now = clock.instant();
    return store.instances().machines().stream()
        .map(machine -> store.queueAdmin().queueStats(machine, now))
        .toList();
  }

  public QueueStats status(String machine) {
    return store.queueAdmin().queueStats(machine, clock.instant());
  }

  /**
   * Pauses the machine's queue: its events wait until it is resumed.
   *
   * @throws UnknownMachineException when no machine of that name is registered here or has stored
   *     instances (a typo would otherwise pause nothing, silently), naming the known ones
   */
  public void pause(String machine) {
    store.queueAdmin().pause(known(machine));
  }

  /** Resumes the machine's queue; an unknown machine is refused as by {@link #pause}. */
  public void resume(String machine) {
    store.queueAdmin().resume(known(machine));
  }

  private String known(String machine) {
    Objects.requireNonNull(machine, "machine");
    if (registered.get().contains(machine)) {
      return machine;
    }
    List<String> stored = store.instances().machines();
    if (stored.contains(machine)) {
      return machine;
    }
    TreeSet<String> known = new TreeSet<>(stored);
    known.addAll(registered.get());
    throw new UnknownMachineException(machine, known);
  }

  /** Dead letters of a machine (all when null), oldest first, at most {@code limit} (1 or more). */
  public List<DeadLetter> deadLetters(String machine, int limit) {
    return store.queueAdmin().deadLetters(machine, null, 0, positive(limit));
  }

  /**
   * A machine's queued events, highest priority first, then the longest waiting: the seed's Pending
   * Events. At most {@code limit} (1 or more).
   */
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    return store.queueAdmin().queuedEvents(machine, positive(limit));
  }

  /**
   * What every engine sharing the store processed of {@code machine} over the last {@code window},
   * counted by the minute (so the window starts at the top of its first minute), with what this
   * engine counted and has not added to the store yet: completed events, throughput and the average
   * processing time.
   */
  public QueueActivity activity(String machine, Duration window) {
    Instant now = clock.instant();
    Instant from = now.minus(window).truncatedTo(ChronoUnit.MINUTES);
    Instant end = now.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
    QueueActivity stored =
        store.activity().sum(machine, from, end).plus(recorder.unflushed(machine, from, end));
    return new QueueActivity(
        machine, from, now, stored.completed(), stored.processed(), stored.processingTime());
  }

  /**
   * What every engine sharing the store processed of {@code machine} in each minute of the last
   * {@code window} (so the first minute is the one {@code window} ago, the last the current one),
   * with what this engine counted and has not added to the store yet: oldest first, only the
   * minutes that hold something.
   */
  public List<ActivitySample> activityMinutes(String machine, Duration window) {
    Instant now = clock.instant();
    Instant from = now.minus(window).truncatedTo(ChronoUnit.MINUTES);
    Instant end = now.truncatedTo(ChronoUnit.MINUTES).plus(1, ChronoUnit.MINUTES);
    TreeMap<Instant, ActivitySample> minutes = new TreeMap<>();
    List<ActivitySample> stored = store.activity().minutes(machine, from, end);
    for (ActivitySample minute : stored) {
      minutes.merge(minute.minute(), minute, ActivitySample::plus);
    }
    for (ActivitySample minute : recorder.unflushedMinutes(machine, from, end)) {
      minutes.merge(minute.minute(), minute, ActivitySample::plus);
    }
    return new ArrayList<>(minutes.values());
  }

  /**
   * Notes the backlog (pending events) of each machine registered here, adds what this engine
   * processed to the store's activity minutes and deletes the minutes older than {@link
   * #ACTIVITY_RETENTION}. The engine runs it every few seconds and when it closes.
   */
  public void flushActivity() {
    Instant now = clock.instant();
    for (String machine : registered.get()) {
      recorder.backlog(machine, now, store.queueAdmin().queueStats(machine, now).pending());
    }
    recorder.flush(store);
    store.activity().purge(now.minus(ACTIVITY_RETENTION));
  }

  /**
   * A page of dead letters of a machine (all when null), oldest first: those with an id above
   * {@code afterId} (0 for the first page).
   */
  public List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    return store.queueAdmin().deadLetters(machine, null, afterId, positive(limit));
  }

  /**
   * Stuck events: instances whose lease is held past its expiry (the worker holding it crashed or
   * hung and no worker has taken the instance over yet), the longest stuck first.
   */
  public List<ExpiredLease> stuck(int limit) {
    return store.queueAdmin().expiredLeases(clock.instant(), limit);
  }

  /** One dead letter, or a clear error naming the id. */
  public DeadLetter inspect(long id) {
    return store.queueAdmin().deadLetter(id).orElseThrow(() -> missing(id));
  }

  /**
   * What became of a retried dead letter (its instance named by its stored id); empty when no dead
   * letter with that id was retried, or the record went with {@code dead_letter.retention}.
   */
  public Optional<RetriedDeadLetter> retried(long id) {
    return store.queueAdmin().retriedDeadLetter(id);
  }

  /** Puts a dead letter back in its queue, to be processed after {@code delay}. */
  public QueuedEvent retry(long id, Duration delay) {
    return store
        .queueAdmin()
        .retryDeadLetter(id, clock.instant().plus(delay))
        .orElseThrow(() -> missing(id));
  }

  /**
   * Puts every dead letter of a machine back in its queue; returns how many. Letters are taken
   * oldest first; an event this call put back that fails for good again while it runs comes back as
   * a newer letter, after all the older ones, and is left there (retried once per call, not in a
   * loop).
   */
  public int retryAll(String machine, Duration delay) {
    Set<Long> putBack = new HashSet<>();
    int retried = 0;
    while (true) {
      List<DeadLetter> batch = store.queueAdmin().deadLetters(machine, null, 0, 500);
      boolean again = false;
      int before = retried;
      for (DeadLetter dead : batch) {
        if (putBack.contains(dead.event().id())) {
          again = true; // failed again since we put it back: the older letters are all done
          continue;
        }
        Optional<QueuedEvent> queued =
            store.queueAdmin().retryDeadLetter(dead.id(), clock.instant().plus(delay));
        if (queued.isPresent()) {
          putBack.add(queued.get().id());
          retried++;
        }
      }
      if (batch.isEmpty() || again || retried == before) {
        return retried;
      }
    }
  }

  /** Deletes a machine's pending events older than {@code olderThan} (all when null). */
  public int purgePending(String machine, Duration olderThan) {
    Instant now = clock.instant();
    return store
        .queueAdmin()
        .purgePending(machine, olderThan == null ? null : now.minus(olderThan), now);
  }

  /** Deletes a machine's dead letters older than {@code olderThan} (all when null). */
  public int purgeDeadLetters(String machine, Duration olderThan) {
    return store
        .queueAdmin()
        .purgeDeadLetters(machine, olderThan == null ? null : clock.instant().minus(olderThan));
  }

  /** Deletes every machine's dead letters older than its {@code dead_letter.retention}. */
  public int purgeExpiredDeadLetters() {
    int purged = 0;
    for (String machine : store.instances().machines()) {
      purged += purgeDeadLetters(machine, config.apply(machine).deadLetterRetention());
    }
    return purged;
  }

  /**
   * Health of every machine's queue against its alert thresholds: pending events, dead letters, the
   * average processing time this process measured over the last 5 minutes, stuck events, and, for
   * an engine's admin, the store: critical while it fails the workers' claims and commits (a
   * read-only or full database, say), with the cause and since when; and the deployed machine
   * versions it does not run as deployed (it lacks their behaviours, or its code differs).
   */
  public HealthReport health() {
    HealthReport queues =
        QueueHealth.evaluate(
            status(),
            times.averages(clock.instant()),
            machine -> config.apply(machine).alerts(),
            stuck(STUCK_REPORTED));
    HealthReport withStore = outage == null ? queues : StoreHealth.add(queues, outage.get());
    return versionProblems == null
        ? withStore
        : MachineHealth.add(withStore, versionProblems.get());
  }

  private static int positive(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, not " + limit);
    }
    return limit;
  }

  /** No dead letter {@code id}: says what it became when it was retried. */
  private ClockworkException missing(long id) {
    return store
        .queueAdmin()
        .retriedDeadLetter(id)
        .map(UnknownDeadLetterException::retried)
        .orElseGet(() -> new UnknownDeadLetterException(id));
  }
}
