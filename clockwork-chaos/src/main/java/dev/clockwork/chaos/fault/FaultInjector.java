package dev.clockwork.chaos.fault;

import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.net.TcpProxy;
import dev.clockwork.chaos.operator.QueueOperator;
import dev.clockwork.chaos.postgres.ChaosPostgres;
import dev.clockwork.chaos.postgres.WriteRefusal;
import dev.clockwork.chaos.worker.WorkerFleet;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Applies a {@link FaultSchedule} on its own thread, each fault at its offset from {@link #run}'s
 * start, and counts the faults applied. A fault that cannot be applied (pg_ctl failed, say) is
 * printed and counted as failed; a database that cannot be started again stops the run. A paused
 * worker, a blackholed proxy (F5) and a paused queue (F8) are resumed on other threads, so other
 * faults strike meanwhile; {@link #run} returns once every one was resumed.
 */
public final class FaultInjector implements Runnable {
  /**
   * How long an F5 fault waits for a proxied connection in the middle of a commit, then for one
   * with any statement in flight, before it strikes anyway: the worker is idle between turns much
   * of the time, and a commit lasts milliseconds.
   */
  static final Duration AIM_FOR = Duration.ofSeconds(2);

  private final FaultSchedule schedule;
  private final WorkerFleet fleet;
  private final ChaosPostgres postgres;
  private final TcpProxy proxy;
  private final QueueOperator operator;
  private final PrintStream log;
  private final Map<FaultKind, Integer> applied = new EnumMap<>(FaultKind.class);
  private final Map<FaultKind, Integer> failed = new EnumMap<>(FaultKind.class);
  private final List<String> failures = new ArrayList<>();
  private final Map<FaultKind, Integer> midStatement = new EnumMap<>(FaultKind.class);
  private final Map<FaultKind, Integer> midTransaction = new EnumMap<>(FaultKind.class);
  private final ScheduledExecutorService resumer =
      Executors.newScheduledThreadPool(
          2,
          r -> {
            Thread thread = new Thread(r, "resume-after-faults");
            thread.setDaemon(true);
            return thread;
          });

  /**
   * @param proxy the proxy in front of one worker, for F5 (null when not scheduled)
   * @param operator the queue's operator, for F8 (null when not scheduled)
   */
  public FaultInjector(
      FaultSchedule schedule,
      WorkerFleet fleet,
      ChaosPostgres postgres,
      TcpProxy proxy,
      QueueOperator operator,
      PrintStream log) {
    this.schedule = schedule;
    this.fleet = fleet;
    this.postgres = postgres;
    this.proxy = proxy;
    this.operator = operator;
    this.log = log;
  }

  /** Without F5 and F8. */
  public FaultInjector(
      FaultSchedule schedule, WorkerFleet fleet, ChaosPostgres postgres, PrintStream log) {
    this(schedule, fleet, postgres, null, null, log);
  }

  @Override
  public void run() {
    try {
      strike();
    } finally {
      resumer.shutdown(); // the resumes already scheduled still run
      try {
        // the longest resume is F9's, 30 s after the fault: wait for it and a margin
        if (!resumer.awaitTermination(90, TimeUnit.SECONDS)) {
          log.println("  paused workers, proxy, queue or writes not resumed within 90 s");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void strike() {
    long start = System.nanoTime();
    for (FaultSchedule.Fault fault : schedule.faults()) {
      long wait = (start + fault.at().toNanos() - System.nanoTime()) / 1_000_000;
      try {
        if (wait > 0) {
          Thread.sleep(wait);
        }
        String what = apply(fault);
        count(applied, fault.kind());
        log.printf(
            "  %6.1f s  %-10s %s%n", (System.nanoTime() - start) / 1e9, fault.kind().flag(), what);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException | SQLException e) {
        String failure =
            String.format(
                "%6.1f s  %s failed: %s",
                (System.nanoTime() - start) / 1e9, fault.kind().flag(), e);
        recordFailure(fault.kind(), failure);
        log.println("  fault " + failure);
      }
    }
  }

  private String apply(FaultSchedule.Fault fault) throws InterruptedException, SQLException {
    switch (fault.kind()) {
      case KILL:
        return "kill -9 " + fleet.kill(fault.worker() % fleet.size());
      case RESTART_DB:
        postgres.stopImmediately();
        Thread.sleep(fault.downtime().toMillis());
        postgres.startAgain();
        return "pg_ctl stop -m immediate, down " + fault.downtime().toMillis() + " ms, started";
      case PAUSE:
        {
          int target = fault.worker() % fleet.size();
          int held = 0;
          for (Map.Entry<String, Integer> owner : postgres.leaseOwners().entrySet()) {
            int index = fleet.indexOfLive(owner.getKey());
            if (index >= 0) {
              target = index; // the worker holding the most leases: likely in the middle of turns
              held = owner.getValue();
              break;
            }
          }
          WorkerFleet.Paused paused = fleet.pause(target);
          resumer.schedule(
              () -> {
                try {
                  log.printf("  %-18s %s%n", "resumed", fleet.resume(paused));
                } catch (RuntimeException e) {
                  log.printf("  resume of %s failed: %s%n", paused.name(), e.getMessage());
                }
              },
              fault.downtime().toMillis(),
              TimeUnit.MILLISECONDS);
          return "kill -STOP "
              + paused
              + " holding "
              + held
              + " leases, kill -CONT in "
              + fault.downtime().toMillis()
              + " ms (lease "
              + ChaosEngine.LEASE_TIME.toSeconds()
              + " s)";
        }
      case DEPLOY:
        return fleet.deploy(fault.worker() % fleet.size(), ChaosMachine.NEWEST_VERSION);
      case CLOCK_AHEAD:
      case CLOCK_BEHIND:
        return fleet.clockOffsets();
      case TERMINATE:
        return "pg_terminate_backend: "
            + postgres.terminateBackends(WorkerFleet.APPLICATION_PREFIX)
            + " worker backends";
      case NET:
        return net(fault);
      case OPERATOR:
        return operate(fault);
      case READ_ONLY:
        return readOnly(fault);
      default:
        throw new IllegalStateException("no way to apply " + fault.kind());
    }
  }

  /** F5: resets the proxied connections, or blackholes them and schedules the end of it. */
  private String net(FaultSchedule.Fault fault) throws InterruptedException {
    if (proxy == null) {
      throw new IllegalStateException("no proxy to apply " + fault.kind().flag() + " to");
    }
    TcpProxy.Caught caught = proxy.awaitMidTransaction(AIM_FOR);
    count(midTransaction, FaultKind.NET, caught.inTransaction());
    count(midStatement, FaultKind.NET, caught.inFlight());
    if (fault.variant() == FaultSchedule.Variant.RESET) {
      return "reset " + proxy.reset() + " connections (RST): " + caught;
    }
    int stalled = proxy.blackhole();
    boolean thenReset = fault.variant() == FaultSchedule.Variant.BLACKHOLE_THEN_RESET;
    resumer.schedule(
        () -> {
          String end =
              thenReset
                  ? "blackhole over: reset " + proxy.reset() + " connections (RST)"
                  : "blackhole over: forwarding again to " + proxy.open() + " connections";
          proxy.forward();
          log.printf("  %-18s %s%n", "net", end);
        },
        fault.downtime().toMillis(),
        TimeUnit.MILLISECONDS);
    return "blackhole: "
        + stalled
        + " connections stalled ("
        + caught
        + ") for "
        + fault.downtime().toMillis()
        + " ms (lease "
        + ChaosEngine.LEASE_TIME.toSeconds()
        + " s), then "
        + (thenReset ? "reset" : "forwarding again");
  }

  /**
   * F9: makes the database refuse writes and schedules the end of it, once every worker has taken a
   * lease (up to a minute): a worker still starting when its session is ended exits and is started
   * again, which is F1's business, not F9's.
   */
  private String readOnly(FaultSchedule.Fault fault) throws SQLException, InterruptedException {
    Set<Integer> working = new HashSet<>();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (working.size() < fleet.size() && System.nanoTime() < deadline) {
      for (String owner : postgres.leaseOwners().keySet()) {
        int index = fleet.indexOfLive(owner);
        if (index >= 0) {
          working.add(index);
        }
      }
      if (working.size() < fleet.size()) {
        Thread.sleep(100);
      }
    }
    String refused = new WriteRefusal(postgres).refuse();
    resumer.schedule(
        () -> {
          try {
            log.printf("  %-18s %s%n", "read-only over", new WriteRefusal(postgres).allow());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (RuntimeException e) {
            log.printf("  allowing writes again failed: %s%n", e.getMessage());
          }
        },
        fault.downtime().toMillis(),
        TimeUnit.MILLISECONDS);
    return refused + "; writes allowed again in " + fault.downtime().toMillis() + " ms";
  }

  /** F8: pauses the queue and schedules its resume, or purges its dead letters. */
  private String operate(FaultSchedule.Fault fault) throws InterruptedException {
    if (operator == null) {
      throw new IllegalStateException("no operator to apply " + fault.kind().flag() + " with");
    }
    if (fault.variant() == FaultSchedule.Variant.PURGE_DEAD_LETTERS) {
      int purged = operator.purgeDeadLetters(fault.downtime());
      return "purged "
          + purged
          + " dead letters older than "
          + fault.downtime().toMillis()
          + " ms ("
          + operator.purged()
          + " so far)";
    }
    String held = operator.pause();
    resumer.schedule(
        () -> {
          try {
            log.printf("  %-18s queue %s%n", "operator", operator.resume());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (RuntimeException e) {
            log.printf("  resume of the queue failed: %s%n", e.getMessage());
          }
        },
        fault.downtime().toMillis(),
        TimeUnit.MILLISECONDS);
    return "queue paused (" + held + "), resume in " + fault.downtime().toMillis() + " ms";
  }

  private synchronized void recordFailure(FaultKind kind, String failure) {
    count(failed, kind);
    failures.add(failure);
  }

  /** Why each fault that could not be applied failed, in order: for the run's last lines. */
  public synchronized List<String> failures() {
    return List.copyOf(failures);
  }

  private synchronized void count(Map<FaultKind, Integer> counts, FaultKind kind) {
    count(counts, kind, 1);
  }

  private synchronized void count(Map<FaultKind, Integer> counts, FaultKind kind, int more) {
    counts.merge(kind, more, Integer::sum);
  }

  /** Connections a fault of {@code kind} caught with a statement in flight (F5). */
  public synchronized int caughtMidStatement(FaultKind kind) {
    return midStatement.getOrDefault(kind, 0);
  }

  /** Connections a fault of {@code kind} caught inside an explicit transaction (F5). */
  public synchronized int caughtMidTransaction(FaultKind kind) {
    return midTransaction.getOrDefault(kind, 0);
  }

  /** Faults of {@code kind} applied so far. */
  public synchronized int applied(FaultKind kind) {
    return applied.getOrDefault(kind, 0);
  }

  /** Faults of {@code kind} that could not be applied. */
  public synchronized int failed(FaultKind kind) {
    return failed.getOrDefault(kind, 0);
  }
}
