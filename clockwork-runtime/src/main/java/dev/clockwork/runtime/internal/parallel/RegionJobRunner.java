package dev.clockwork.runtime.internal.parallel;

import static dev.clockwork.core.definition.ParallelEvents.*;

import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.RegionWork;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.error.UnknownVersionException;
import dev.clockwork.runtime.error.WorkerStoppedException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.SnapshotCodec;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.parallel.JobOutcome;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one leased region job: the pre-lock guard on the instance as stored (the job is deleted when
 * the instance has left the state entry it was made for), the region's entry actions on a copy of
 * the context without the instance's lease (at most {@code job_timeout}), then the result applied
 * under the instance's lease by the one turn lifecycle ({@link TurnRunner#applyRegion}), which
 * re-checks the guard and deletes the job in the same commit. A failed attempt is retried {@code
 * job_backoff} later; after {@code job_tries} attempts the job gives up and the parallel state's
 * {@code @fail} is applied the same way.
 */
public final class RegionJobRunner {
  private static final Logger LOG = LoggerFactory.getLogger(RegionJobRunner.class);

  /** How soon a job handed back for a paused machine or an unknown version looks again. */
  private static final Duration RECHECK = Duration.ofSeconds(1);

  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final TurnRunner turns;
  private final Function<String, ParallelDispatchConfig> settings;
  private final Map<String, Long> notPausedAt = new ConcurrentHashMap<>();
  private volatile boolean givingBack;

  public RegionJobRunner(
      Store store,
      Clock clock,
      MachineRegistry machines,
      TurnRunner turns,
      Function<String, ParallelDispatchConfig> settings) {
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.turns = turns;
    this.settings = settings;
  }

  /**
   * From now on (the engine is stopping), a job whose attempt fails is handed back unspent — not
   * counted as an attempt — instead of being retried after the backoff: its interruption was the
   * shutdown's, not the action's fault.
   */
  void giveBackInterrupted() {
    givingBack = true;
  }

  /** Runs a claimed job to the end of this attempt. */
  public JobOutcome run(JobClaim claim) {
    return run(claim, null);
  }

  /**
   * Runs a claimed job, with {@code injected} thrown in place of the entry actions when not null
   * (the test kit's failure injection). The claim counted this attempt; what is not the action's
   * fault (a paused machine, a version this node does not know, a shutdown, the store failing in
   * the job's own bookkeeping) hands it back uncounted. Never throws.
   */
  JobOutcome run(JobClaim claim, RuntimeException injected) {
    try {
      return attempt(claim, injected);
    } catch (RuntimeException e) {
      return bookkeepingFailed(claim, e);
    }
  }

  /**
   * The store failed in the job's own bookkeeping (reading the instance or the pause, dropping or
   * retrying the job): not the action's fault, so the job is handed back uncounted, to run again
   * after {@link #RECHECK}. When even that fails, the job keeps its lease, and the claim after it
   * expires takes it over.
   */
  private JobOutcome bookkeepingFailed(JobClaim claim, RuntimeException error) {
    RegionJob job = claim.job();
    try {
      handBack(claim, RECHECK, JobOutcome.GIVEN_BACK);
      LOG.warn(
          "region job {} of {}: the store failed ({}); handed back, not counted as an attempt",
          job.region(),
          NamespacedIds.readable(job.instanceId()),
          error.toString());
    } catch (RuntimeException again) {
      LOG.warn(
          "region job {} of {}: the store failed ({}), and handing it back failed too ({}); it runs"
              + " again when its lease expires at {}",
          job.region(),
          NamespacedIds.readable(job.instanceId()),
          error.toString(),
          again.toString(),
          claim.lease().expiresAt());
    }
    return JobOutcome.GIVEN_BACK;
  }

  private JobOutcome attempt(JobClaim claim, RuntimeException injected) {
    RegionJob job = claim.job();
    JobLease lease = claim.lease();
    ParallelDispatchConfig config = settings.apply(job.machine());
    int attempt = job.attempts();
    if (pausedRecently(job.machine())) {
      return handBack(claim, RECHECK, JobOutcome.PAUSED);
    }
    Optional<InstanceRecord> stored = store.instances().find(job.instanceId());
    if (stored.isEmpty()) {
      store.regionJobs().drop(lease);
      return JobOutcome.DISCARDED;
    }
    Snapshot snapshot;
    try {
      InstanceRecord record = stored.get();
      snapshot =
          SnapshotCodec.toSnapshot(
              machines.forInstance(record.id(), record.machine(), record.version()), record);
    } catch (UnknownVersionException | UnknownMachineException e) {
      return handBack(claim, RECHECK, JobOutcome.PAUSED); // a newer node's: left to it
    }
    if (!Interpreter.regionPending(
        snapshot,
        job.parallelState(),
        job.parallelEntry(),
        job.initialState(),
        job.initialEntry())) {
      store.regionJobs().drop(lease);
      return JobOutcome.DISCARDED;
    }
    if (attempt > config.jobTries()) { // earlier runs died, or their give-up did not land
      String last = job.lastError() != null ? job.lastError() : stopped(attempt - 1, config);
      return giveUp(claim, attempt - 1, last, config);
    }
    RegionWork work;
    try {
      work =
          RegionAction.run(job, snapshot, clock.instant(), attempt, config.jobTimeout(), injected);
    } catch (RuntimeException e) {
      return failed(claim, attempt, e, config);
    }
    if (store
        .queueAdmin()
        .isPaused(job.machine())) { // paused while the action ran: apply after the resume
      notPausedAt.remove(job.machine());
      return handBack(claim, RECHECK, JobOutcome.PAUSED);
    }
    Event result =
        work.toEvent(job.parallelState(), job.parallelEntry(), job.initialEntry(), job.baseline());
    try {
      return applied(claim, apply(job, lease, result, config));
    } catch (UnknownVersionException e) {
      return handBack(claim, RECHECK, JobOutcome.PAUSED);
    } catch (RuntimeException e) {
      return failed(claim, attempt, e, config);
    }
  }

  /**
   * Whether the machine's queue is paused. A reading that it is not is kept for {@link #RECHECK} (a
   * pause stops new actions within that time; a result is never applied while paused, which is read
   * afresh before each apply), so the store is read once per machine and second, not once per job;
   * a paused reading is never kept, so a resume is seen at once.
   */
  private boolean pausedRecently(String machine) {
    long now = System.nanoTime();
    Long readAt = notPausedAt.get(machine);
    if (readAt != null && now - readAt < RECHECK.toNanos()) {
      return false;
    }
    boolean paused = store.queueAdmin().isPaused(machine);
    if (paused) {
      notPausedAt.remove(machine);
    } else {
      notPausedAt.put(machine, now);
    }
    return paused;
  }

  /**
   * The outcome of an apply: a refused commit (the instance's lease lost, the store failing, or the
   * job finished elsewhere) hands the job back at once, uncounted, unless another run holds it.
   */
  private JobOutcome applied(JobClaim claim, boolean written) {
    if (!written) {
      try {
        handBack(claim, Duration.ZERO, JobOutcome.LOST);
      } catch (RuntimeException e) {
        LOG.debug("could not hand region job {} back: {}", claim.job().id(), e.getMessage());
      }
      return JobOutcome.LOST;
    }
    return JobOutcome.APPLIED;
  }

  /** Gives the job back as it was before this claim, available {@code after} from now. */
  private JobOutcome handBack(JobClaim claim, Duration after, JobOutcome outcome) {
    RegionJob job = claim.job();
    store
        .regionJobs()
        .retry(claim.lease(), job.attempts() - 1, job.lastError(), clock.instant().plus(after));
    return outcome;
  }

  private boolean apply(RegionJob job, JobLease lease, Event event, ParallelDispatchConfig config) {
    return turns.applyRegion(
        job.instanceId(), lease, event, config.lockTtl(), config.lockTimeout());
  }

  private JobOutcome failed(
      JobClaim claim, int attempt, RuntimeException error, ParallelDispatchConfig config) {
    RegionJob job = claim.job();
    String described = error.getClass().getName() + ": " + error.getMessage();
    if (givingBack) {
      return handBack(claim, Duration.ZERO, JobOutcome.GIVEN_BACK);
    }
    if (attempt < config.jobTries() && !(error instanceof NonRetryable)) {
      Instant retryAt = clock.instant().plus(config.jobBackoff());
      store.regionJobs().retry(claim.lease(), attempt, described, retryAt);
      LOG.info(
          "region job {} of {} failed (attempt {} of {}), retrying at {}: {}",
          job.region(),
          NamespacedIds.readable(job.instanceId()),
          attempt,
          config.jobTries(),
          retryAt,
          described);
      return JobOutcome.RETRYING;
    }
    return giveUp(claim, attempt, described, config);
  }

  /** The error of a job whose runs never came back: their workers stopped or hung. */
  private static String stopped(int attempts, ParallelDispatchConfig config) {
    WorkerStoppedException stopped = new WorkerStoppedException(attempts, JobLeases.of(config));
    return stopped.getClass().getName() + ": " + stopped.getMessage();
  }

  /** Applies {@code @parallel.fail}; when even that cannot land, the job is kept to try again. */
  private JobOutcome giveUp(
      JobClaim claim, int attempts, String described, ParallelDispatchConfig config) {
    RegionJob job = claim.job();
    String text = described == null ? "unknown error" : described;
    int colon = text.indexOf(": ");
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put(PARALLEL_STATE, job.parallelState());
    payload.put(PARALLEL_ENTRY, job.parallelEntry());
    payload.put(REGION, job.region());
    payload.put(INITIAL_STATE, job.initialState());
    payload.put(INITIAL_ENTRY, job.initialEntry());
    payload.put(ERROR, colon < 0 ? text : text.substring(colon + 2));
    payload.put(EXCEPTION, colon < 0 ? "" : text.substring(0, colon));
    payload.put(ATTEMPTS, attempts);
    LOG.warn(
        "region job {} of {} gave up after {} attempts: {}",
        job.region(),
        NamespacedIds.readable(job.instanceId()),
        attempts,
        text);
    try {
      return apply(job, claim.lease(), Event.of(REGION_FAILED, payload), config)
          ? JobOutcome.GAVE_UP
          : applied(claim, false);
    } catch (RuntimeException e) {
      Instant retryAt = clock.instant().plus(config.jobBackoff());
      store.regionJobs().retry(claim.lease(), attempts, text, retryAt);
      LOG.warn(
          "could not apply the failure of region job {} of {}; trying again at {}: {}",
          job.region(),
          NamespacedIds.readable(job.instanceId()),
          retryAt,
          e.getMessage());
      return JobOutcome.RETRYING;
    }
  }
}
