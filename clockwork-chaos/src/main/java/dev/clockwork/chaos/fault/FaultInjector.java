package dev.clockwork.chaos.fault;

import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.postgres.ChaosPostgres;
import dev.clockwork.chaos.worker.WorkerFleet;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Applies a {@link FaultSchedule} on its own thread, each fault at its offset from {@link #run}'s
 * start, and counts the faults applied. A fault that cannot be applied (pg_ctl failed, say) is
 * printed and counted as failed; a database that cannot be started again stops the run. A paused
 * worker is resumed on another thread, so other faults strike while it is stopped; {@link #run}
 * returns once every paused worker was resumed.
 */
public final class FaultInjector implements Runnable {
  private final FaultSchedule schedule;
  private final WorkerFleet fleet;
  private final ChaosPostgres postgres;
  private final PrintStream log;
  private final Map<FaultKind, Integer> applied = new EnumMap<>(FaultKind.class);
  private final Map<FaultKind, Integer> failed = new EnumMap<>(FaultKind.class);
  private final ScheduledExecutorService resumer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "resume-paused-workers");
            thread.setDaemon(true);
            return thread;
          });

  public FaultInjector(
      FaultSchedule schedule, WorkerFleet fleet, ChaosPostgres postgres, PrintStream log) {
    this.schedule = schedule;
    this.fleet = fleet;
    this.postgres = postgres;
    this.log = log;
  }

  @Override
  public void run() {
    try {
      strike();
    } finally {
      resumer.shutdown(); // the resumes already scheduled still run
      try {
        if (!resumer.awaitTermination(30, TimeUnit.SECONDS)) {
          log.println("  paused workers not resumed within 30 s");
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
        count(failed, fault.kind());
        log.printf("  fault %s failed: %s%n", fault.kind().flag(), e.getMessage());
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
      default:
        throw new IllegalStateException("no way to apply " + fault.kind());
    }
  }

  private synchronized void count(Map<FaultKind, Integer> counts, FaultKind kind) {
    counts.merge(kind, 1, Integer::sum);
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
