package dev.clockwork.chaos.run;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.broken.BrokenStore;
import dev.clockwork.chaos.check.Checker;
import dev.clockwork.chaos.check.Drain;
import dev.clockwork.chaos.check.Observations;
import dev.clockwork.chaos.check.Observer;
import dev.clockwork.chaos.check.OperatorActions;
import dev.clockwork.chaos.check.Verdict;
import dev.clockwork.chaos.fault.FaultInjector;
import dev.clockwork.chaos.fault.FaultKind;
import dev.clockwork.chaos.fault.FaultSchedule;
import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.net.TcpProxy;
import dev.clockwork.chaos.operator.QueueOperator;
import dev.clockwork.chaos.postgres.ChaosPostgres;
import dev.clockwork.chaos.producer.EventPlan;
import dev.clockwork.chaos.producer.Ledger;
import dev.clockwork.chaos.producer.Producer;
import dev.clockwork.chaos.worker.WorkerFleet;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * One run: a fresh PostgreSQL, the instances, N worker JVMs, the producer and the faults for the
 * window, then the drain, then the check. The orchestrator's engine is never started: it creates,
 * enqueues, operates the queue (F8) and reads, through the public API.
 */
public final class ChaosRun {
  private final RunSettings settings;
  private final Path home;
  private final Path jar;
  private final PrintStream out;

  /**
   * @param home where the run's directory (database, logs, ledger) and the PostgreSQL binaries go
   * @param jar the harness jar the workers run from
   */
  public ChaosRun(RunSettings settings, Path home, Path jar, PrintStream out) {
    this.settings = settings;
    this.home = home;
    this.jar = jar;
    this.out = out;
  }

  /** Runs and prints the counts; true when every invariant held. */
  public boolean run() throws Exception {
    long started = System.nanoTime();
    out.printf(
        "run: seed %d, faults %s, %d s window, %d workers, %d events to %d instances%n",
        settings.seed(),
        settings.faultNames(),
        settings.window().toSeconds(),
        settings.workers(),
        settings.events(),
        settings.instances());
    if (settings.breakage() != Breakage.NONE) {
      out.printf(
          "the %s store breaks a promise on purpose: %s (the run must FAIL)%n",
          settings.breakage().inOperatorsStore() ? "operator's" : "workers'",
          settings.breakage().flag());
    }
    EventPlan plan = EventPlan.of(settings.seed(), settings.instances(), settings.events());
    FaultSchedule schedule =
        FaultSchedule.of(settings.seed(), settings.faults(), settings.window(), settings.workers());
    Ledger ledger = new Ledger();
    Path directory = RunDirectory.recreate(home.resolve(settings.label()));
    try (ChaosPostgres postgres = ChaosPostgres.start(directory, home.resolve("pgbin"));
        PostgresStore store =
            PostgresStore.builder().url(postgres.url("clockwork-chaos-orchestrator")).build();
        TcpProxy proxy = proxyFor(schedule, postgres)) {
      out.printf(
          "postgresql on localhost:%d; data, logs and ledger in %s%n", postgres.port(), directory);
      if (proxy != null) {
        out.printf(
            "w%d reaches it through a proxy on 127.0.0.1:%d (F5)%n",
            schedule.proxiedWorker().get() + 1, proxy.port());
      }
      postgres.installHistoryClock();
      postgres.installLeaseClock();
      Engine engine =
          ChaosEngine.build(
              settings.breakage().inOperatorsStore()
                  ? BrokenStore.wrap(store, settings.breakage(), out)
                  : store,
              "orchestrator");
      for (String id : plan.instances()) {
        engine.create(ChaosMachine.ID, id, Map.of());
      }
      WorkerFleet fleet =
          new WorkerFleet(
              jar,
              directory.resolve("logs"),
              workerUrls(schedule, postgres, proxy),
              settings.breakage().inOperatorsStore() ? Breakage.NONE : settings.breakage());
      schedule.clockFault().ifPresent(f -> fleet.offsetClock(f.worker(), f.kind().clockOffset()));
      QueueOperator operator =
          settings.faults().contains(FaultKind.OPERATOR)
              ? new QueueOperator(engine.queues(), ChaosMachine.ID)
              : null;
      FaultInjector injector = new FaultInjector(schedule, fleet, postgres, proxy, operator, out);
      Duration drained;
      try {
        fleet.start(settings.workers());
        Thread producer =
            new Thread(new Producer(engine, plan, settings.window(), ledger), "producer");
        Thread faults = new Thread(injector, "faults");
        producer.start();
        faults.start();
        faults.join();
        producer.join();
        out.printf(
            "faults stopped at %.1f s; waiting up to %d s for the queues to drain%n",
            seconds(started), settings.drainBound().toSeconds());
        drained = new Drain(engine, plan.instances()).await(settings.drainBound());
        out.println(
            drained == null
                ? "NOT drained within " + settings.drainBound().toSeconds() + " s"
                : String.format("drained in %.1f s", drained.toMillis() / 1e3));
      } finally {
        fleet.close();
      }
      ledger.write(directory.resolve("ledger.csv"));
      Observations seen =
          new Observer(engine, postgres.historyClock(), postgres.leaseClock())
              .read(plan.instances(), ledger.acknowledged());
      Verdict verdict =
          new Checker(ChaosEngine.MAX_ATTEMPTS)
              .check(
                  ledger.acknowledged(),
                  seen,
                  operator == null ? OperatorActions.NONE : operator.actions());
      out.printf(
          "enqueues: %d acknowledged, %d not acknowledged (threw)%n",
          ledger.acknowledged().size(), ledger.unacknowledgedCount());
      boolean faultsApplied = true;
      for (FaultKind kind : settings.faults()) {
        out.printf(
            "faults %-10s scheduled %d, applied %d, failed %d%n",
            kind.flag(), schedule.count(kind), injector.applied(kind), injector.failed(kind));
        faultsApplied &= injector.applied(kind) == schedule.count(kind);
      }
      out.printf(
          "workers: %d killed, %d restarted, %d paused%n",
          fleet.kills(), fleet.restarts(), fleet.pauses());
      if (proxy != null) {
        out.println(
            "proxy: "
                + proxy.counts()
                + "; the faults caught "
                + injector.caughtMidTransaction(FaultKind.NET)
                + " in a transaction, "
                + injector.caughtMidStatement(FaultKind.NET)
                + " mid-statement");
      }
      if (operator != null) {
        out.println("operator: " + operator.counts());
      }
      verdict.print(out);
      if (!faultsApplied) {
        out.println("FAULTS NOT APPLIED: a run that did not inject its faults proves nothing");
      }
      out.printf("run took %.1f s%n%n", seconds(started));
      return verdict.holds() && faultsApplied;
    }
  }

  /** The proxy in front of the worker F5 targets; null without F5. */
  private static TcpProxy proxyFor(FaultSchedule schedule, ChaosPostgres postgres)
      throws java.io.IOException {
    if (schedule.proxiedWorker().isEmpty()) {
      return null;
    }
    return TcpProxy.start("w" + (schedule.proxiedWorker().get() + 1), postgres.port());
  }

  /** Each worker's URL by its application name: through the proxy for the one F5 targets. */
  private static Function<String, String> workerUrls(
      FaultSchedule schedule, ChaosPostgres postgres, TcpProxy proxy) {
    if (proxy == null) {
      return postgres::url;
    }
    String proxied = WorkerFleet.APPLICATION_PREFIX + "w" + (schedule.proxiedWorker().get() + 1);
    return application ->
        application.equals(proxied)
            ? postgres.url(application, proxy.port())
            : postgres.url(application);
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
