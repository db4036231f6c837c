package dev.clockwork.chaos.machine;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * The one engine configuration of a run, built through the public API: the workers' and the
 * orchestrator's (which enqueues and checks but never starts), with every machine of the run
 * registered ({@link #MACHINES}). Short leases and retries keep a run short: a killed worker's
 * instances are taken over after {@link #LEASE_TIME}, a poison event is dead-lettered within a
 * second or two.
 */
public final class ChaosEngine {
  /** Attempts at an event before it is dead-lettered. */
  public static final int MAX_ATTEMPTS = 3;

  public static final RetryPolicy RETRY =
      new RetryPolicy(
          MAX_ATTEMPTS, new Backoff(false, Duration.ofMillis(200), Duration.ofSeconds(1), 0));
  public static final Duration LEASE_TIME = Duration.ofSeconds(5);
  public static final int THREADS = 4;

  /**
   * The parallel-dispatch scenario's region jobs ({@link ChaosFanOut}): tries, and the times whose
   * sum is a job's lease ({@code job_timeout + lock_timeout + lock_ttl}: a killed worker's job is
   * taken over that long after its claim).
   */
  public static final int JOB_TRIES = 3;

  public static final Duration JOB_TIMEOUT = Duration.ofSeconds(3);
  public static final Duration JOB_LOCK_TIMEOUT = Duration.ofSeconds(2);
  public static final Duration JOB_LOCK_TTL = Duration.ofSeconds(5);
  public static final int REGION_JOB_THREADS = 2;

  /**
   * The machines of a run: the chaos machine and the ones it reaches, the scheduled run, and the
   * parallel-dispatch scenario's.
   */
  public static final List<String> MACHINES =
      List.of(
          ChaosMachine.ID,
          ChaosPeer.ID,
          ChaosReceiver.ID,
          ChaosChild.ID,
          ScheduledRun.ID,
          ChaosFanOut.ID);

  private ChaosEngine() {}

  /** An engine on {@code store} running the run's machines, leasing under {@code owner}. */
  public static Engine build(Store store, String owner) {
    return build(store, owner, Clock.systemUTC(), 1);
  }

  /**
   * The same on {@code clock} (a worker whose clock is off: F6; set by the database's clock as an
   * engine on the system clock is: the fault stands for a host whose time synchronisation failed),
   * with the chaos machine's versions 1 to {@code newest} registered (2: a worker of a rolling
   * deploy's new release, F7; it upgrades the instances to version 2 when it starts).
   */
  public static Engine build(Store store, String owner, Clock clock, int newest) {
    Engine.Builder builder = Engine.builder();
    for (int version = 1; version <= newest; version++) {
      builder.register(ChaosMachine.definition(version));
    }
    return builder
        .store(store)
        .clock(clock)
        .settings(s -> s.workers(w -> w.alignClockWithStore(true)))
        .register(
            ChaosPeer.definition(),
            ChaosReceiver.definition(),
            ChaosChild.definition(),
            ScheduledRun.definition(),
            ChaosFanOut.definition())
        .settings(
            s ->
                s.queue(q -> q.retry(RETRY))
                    .machine(
                        ChaosFanOut.ID,
                        m ->
                            m.parallelDispatch(
                                p ->
                                    p.enabled(true)
                                        .jobTries(JOB_TRIES)
                                        .jobTimeout(JOB_TIMEOUT)
                                        .lockTimeout(JOB_LOCK_TIMEOUT)
                                        .lockTtl(JOB_LOCK_TTL)
                                        .jobBackoff(Duration.ofMillis(500))))
                    .workers(
                        w ->
                            w.owner(owner)
                                .threads(THREADS)
                                .leaseTime(LEASE_TIME)
                                .regionJobThreads(REGION_JOB_THREADS)))
        .build();
  }
}
