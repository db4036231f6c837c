package dev.clockwork.chaos.run;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.broken.BrokenStore;
import dev.clockwork.chaos.check.AfterFaults;
import dev.clockwork.chaos.check.Backlog;
import dev.clockwork.chaos.check.Checker;
import dev.clockwork.chaos.check.Drain;
import dev.clockwork.chaos.check.FanOutCheck;
import dev.clockwork.chaos.check.FanSeen;
import dev.clockwork.chaos.check.Observations;
import dev.clockwork.chaos.check.Observer;
import dev.clockwork.chaos.check.OperatorActions;
import dev.clockwork.chaos.check.Verdict;
import dev.clockwork.chaos.fault.FaultInjector;
import dev.clockwork.chaos.fault.FaultKind;
import dev.clockwork.chaos.fault.FaultSchedule;
import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosFanOut;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.machine.ChaosReceiver;
import dev.clockwork.chaos.machine.ChaosSchedule;
import dev.clockwork.chaos.net.TcpProxy;
import dev.clockwork.chaos.operator.QueueOperator;
import dev.clockwork.chaos.postgres.ChaosPostgres;
import dev.clockwork.chaos.producer.EventPlan;
import dev.clockwork.chaos.producer.FanProducer;
import dev.clockwork.chaos.producer.Ledger;
import dev.clockwork.chaos.producer.Producer;
import dev.clockwork.chaos.worker.WorkerFleet;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.Schedules;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One run: a fresh PostgreSQL, the instances, the broadcast receivers, the fan-out instances
 * (parallel dispatch) and the schedule, N worker JVMs, the producers and the faults for the window,
 * then the drain (which pauses the schedule), then the check. The orchestrator's engine is never
 * started: it creates, enqueues, operates the queue (F8), pauses the schedule and reads, through
 * the public API.
 */
public final class ChaosRun {
  /**
   * How long the producer goes on once the faults stopped: I11 judges the timers due from a lease
   * time after every worker is up again (or from when the events queued before were worked off,
   * when that is later) to the end of it (about 10 s of it when the last workers were killed in the
   * faults' last seconds).
   */
  static final Duration RECOVERY = Duration.ofSeconds(25);

  /** How long the workers have to start before the producer and the faults begin. */
  static final Duration WORKERS_UP = Duration.ofSeconds(60);

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

  /** Runs and prints the counts; {@link RunSummary#held} when every invariant held. */
  public RunSummary run() throws Exception {
    long started = System.nanoTime();
    // the producer goes on at the same rate for the recovery window after the faults (I11)
    boolean readOnly = settings.faults().contains(FaultKind.READ_ONLY);
    // after 30 s of refused writes the workers catch up first: a longer recovery, judged later
    Duration recovery = readOnly ? FaultKind.READ_ONLY_FOR : RECOVERY;
    Duration catchUp = readOnly ? FaultKind.READ_ONLY_CATCH_UP : Duration.ZERO;
    Duration sending = settings.window().plus(recovery);
    int events =
        (int) (settings.events() * sending.toMillis() / Math.max(1, settings.window().toMillis()));
    out.printf(
        "run: seed %d, faults %s, %d s window + %d s recovery, %d workers, %d + %d events to %d"
            + " instances%n",
        settings.seed(),
        settings.faultNames(),
        settings.window().toSeconds(),
        recovery.toSeconds(),
        settings.workers(),
        settings.events(),
        events - settings.events(),
        settings.instances());
    if (settings.breakage() != Breakage.NONE) {
      out.printf(
          "the %s store breaks a promise on purpose: %s (the run must FAIL)%n",
          settings.breakage().inOperatorsStore() ? "operator's" : "workers'",
          settings.breakage().flag());
    }
    EventPlan plan = EventPlan.of(settings.seed(), settings.instances(), events);
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
        engine.create(NewInstance.of(ChaosMachine.ID).id(id));
      }
      for (String id : ChaosReceiver.ids()) {
        engine.create(NewInstance.of(ChaosReceiver.ID).id(id));
      }
      for (String id : ChaosFanOut.ids()) {
        engine.create(NewInstance.of(ChaosFanOut.ID).id(id));
      }
      Schedules schedules = ChaosSchedule.service(engine, store.schedules(), "orchestrator");
      ScheduleDescription created = schedules.create(ChaosSchedule.request());
      out.printf(
          "schedule %s: every %d s, overlap %s, catch-up all; first fire %s%n",
          created.scheduleId(),
          ChaosSchedule.INTERVAL.toSeconds(),
          created.overlapPolicy().wireName(),
          created.nextFireAt());
      WorkerFleet fleet =
          new WorkerFleet(
              jar,
              directory.resolve("logs"),
              workerUrls(schedule, postgres, proxy),
              settings.breakage().inOperatorsStore() ? Breakage.NONE : settings.breakage());
      schedule.clockFaults().forEach(f -> fleet.offsetClock(f.worker(), f.kind().clockOffset()));
      QueueOperator operator =
          settings.faults().contains(FaultKind.OPERATOR)
              ? new QueueOperator(engine.admin().queues(), ChaosMachine.ID)
              : null;
      FaultInjector injector = new FaultInjector(schedule, fleet, postgres, proxy, operator, out);
      Duration drained;
      Instant normalFrom;
      FanProducer fans = new FanProducer(engine, sending);
      try {
        fleet.start(settings.workers());
        long launched = System.nanoTime();
        List<String> late = fleet.awaitStarted(WORKERS_UP);
        out.printf(
            "workers up in %.1f s%s%n",
            (System.nanoTime() - launched) / 1e9,
            late.isEmpty() ? "" : " (not up after " + WORKERS_UP.toSeconds() + " s: " + late + ")");
        Thread producer = new Thread(new Producer(engine, plan, sending, ledger), "producer");
        Thread fanProducer = new Thread(fans, "fan-producer");
        Thread faults = new Thread(injector, "faults");
        producer.start();
        fanProducer.start();
        faults.start();
        faults.join();
        double stopped = seconds(started);
        // a worker killed near the end is back only once its engine runs again: that is where
        // the faults' effect ends, and where the lease time I11 grants begins
        List<String> down = fleet.awaitStarted(WORKERS_UP);
        double up = seconds(started);
        Instant upAt = engine.clock().instant();
        // and a fire waits behind the events its instance queued before it was due: the backlog
        // the faults left must be worked off too (a backlog never worked off leaves I11 too few
        // fires to judge)
        Instant workedOff =
            new Backlog(engine.admin().queues(), engine.clock()).awaitWorkedOff(upAt, recovery);
        Instant leaseAfter = upAt.plus(ChaosEngine.LEASE_TIME).plus(catchUp);
        normalFrom =
            workedOff == null
                ? engine.clock().instant()
                : Collections.max(List.of(leaseAfter, workedOff));
        out.printf(
            "faults stopped at %.1f s, every worker up again at %.1f s%s, the events queued before"
                + " worked off %s; the producer goes on for %d s (timers on time again from %s:"
                + " I11)%n",
            stopped,
            up,
            down.isEmpty() ? "" : " (not up: " + down + ")",
            workedOff == null
                ? "NOT within " + recovery.toSeconds() + " s"
                : String.format(
                    "at %.1f s", up + Duration.between(upAt, workedOff).toMillis() / 1e3),
            recovery.toSeconds(),
            normalFrom);
        producer.join();
        fanProducer.join();
        out.printf(
            "producer stopped at %.1f s; waiting up to %d s for the queues to drain%n",
            seconds(started), settings.drainBound().toSeconds());
        drained =
            new Drain(engine, store, schedules, plan.instances()).await(settings.drainBound());
        out.println(
            drained == null
                ? "NOT drained within " + settings.drainBound().toSeconds() + " s"
                : String.format("drained in %.1f s", drained.toMillis() / 1e3));
      } finally {
        fleet.close();
      }
      ledger.write(directory.resolve("ledger.csv"));
      Observations seen =
          new Observer(engine, store, schedules, postgres.historyClock(), postgres.leaseClock())
              .read(plan.instances(), ledger.acknowledged());
      Verdict verdict =
          new Checker(ChaosEngine.MAX_ATTEMPTS)
              .check(
                  ledger.acknowledged(),
                  seen,
                  operator == null ? OperatorActions.NONE : operator.actions(),
                  new AfterFaults(
                      normalFrom,
                      settings.faults().contains(FaultKind.DEPLOY)
                          ? ChaosMachine.NEWEST_VERSION
                          : 0));
      Map<String, FanSeen> fanned = new LinkedHashMap<>();
      ChaosFanOut.ids().forEach(id -> fanned.put(id, FanSeen.read(engine, id)));
      FanOutCheck.check(fans.acknowledged(), fanned, verdict);
      out.printf(
          "enqueues: %d acknowledged, %d not acknowledged (threw); %d FANs acknowledged%n",
          ledger.acknowledged().size(), ledger.unacknowledgedCount(), fans.acknowledged().size());
      boolean faultsApplied = true;
      int applied = 0;
      for (FaultKind kind : settings.faults()) {
        applied += injector.applied(kind);
        out.printf(
            "faults %-10s scheduled %d, applied %d, failed %d%n",
            kind.flag(), schedule.count(kind), injector.applied(kind), injector.failed(kind));
        faultsApplied &= injector.applied(kind) == schedule.count(kind);
      }
      out.printf(
          "workers: %d killed, %d restarted, %d paused, %d deployed%n",
          fleet.kills(), fleet.restarts(), fleet.pauses(), fleet.deploys());
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
        injector.failures().forEach(failure -> out.println("  " + failure));
      }
      if (drained == null) {
        out.println("NOT DRAINED: the counts are of a run still moving (I10)");
      }
      out.printf("run took %.1f s%n%n", seconds(started));
      return RunSummary.of(
          settings,
          ledger.acknowledged().size(),
          verdict,
          applied,
          verdict.holds() && faultsApplied && drained != null);
    }
  }

  /** The proxy in front of the worker F5 targets; null without F5. */
  private static TcpProxy proxyFor(FaultSchedule schedule, ChaosPostgres postgres)
      throws IOException {
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
