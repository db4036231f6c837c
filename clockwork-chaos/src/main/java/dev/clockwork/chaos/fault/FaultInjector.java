package dev.clockwork.chaos.fault;

import dev.clockwork.chaos.postgres.ChaosPostgres;
import dev.clockwork.chaos.worker.WorkerFleet;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Applies a {@link FaultSchedule} on its own thread, each fault at its offset from {@link #run}'s
 * start, and counts the faults applied. A fault that cannot be applied (pg_ctl failed, say) is
 * printed and counted as failed; a database that cannot be started again stops the run.
 */
public final class FaultInjector implements Runnable {
  private final FaultSchedule schedule;
  private final WorkerFleet fleet;
  private final ChaosPostgres postgres;
  private final PrintStream log;
  private final Map<FaultKind, Integer> applied = new EnumMap<>(FaultKind.class);
  private final Map<FaultKind, Integer> failed = new EnumMap<>(FaultKind.class);

  public FaultInjector(
      FaultSchedule schedule, WorkerFleet fleet, ChaosPostgres postgres, PrintStream log) {
    this.schedule = schedule;
    this.fleet = fleet;
    this.postgres = postgres;
    this.log = log;
  }

  @Override
  public void run() {
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
