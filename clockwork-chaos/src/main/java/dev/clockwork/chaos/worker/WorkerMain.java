package dev.clockwork.chaos.worker;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.broken.BrokenStore;
import dev.clockwork.chaos.machine.ChaosEngine;
import dev.clockwork.chaos.machine.ChaosSchedule;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One worker JVM: an engine on the run's database, ticking the run's schedule, started, until the
 * process is killed (SIGKILL by a fault) or stopped (SIGTERM at the end of the run: the engine
 * closes). It never migrates; the orchestrator did. Exits 1 when it cannot connect, and the
 * orchestrator starts it again.
 */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description = "A chaos worker: runs the chaos machines and ticks the schedule until killed.")
public final class WorkerMain implements Callable<Integer> {
  @Option(names = "--jdbc-url", required = true, description = "the run's database")
  String jdbcUrl;

  @Option(names = "--name", required = true, description = "the worker's name, e.g. w1")
  String name;

  @Option(
      names = "--break",
      defaultValue = "none",
      description = "a promise the store breaks on purpose: ${COMPLETION-CANDIDATES}")
  String breakage;

  @Option(
      names = "--clock-offset-millis",
      defaultValue = "0",
      description = "runs the engine's clock this far ahead (negative: behind) of the system's")
  long clockOffsetMillis;

  @Option(
      names = "--definition-version",
      defaultValue = "1",
      description = "the newest chaos machine version this worker registers (2: a new release)")
  int definitionVersion;

  public static void main(String[] args) {
    System.exit(new CommandLine(new WorkerMain()).execute(args));
  }

  @Override
  public Integer call() throws InterruptedException {
    // the engine's event threads, its region job threads and their claimer, the listening
    // connection, the schedule's ticks
    PostgresStore store = PostgresStore.builder().url(jdbcUrl).poolSize(10).migrate(false).build();
    String owner = name + "-" + ProcessHandle.current().pid();
    Breakage broken = Breakage.parse(breakage);
    Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofMillis(clockOffsetMillis));
    Engine engine =
        ChaosEngine.build(
            BrokenStore.wrap(store, broken, System.out), owner, clock, definitionVersion);
    ChaosSchedule.service(engine, store.schedules(), owner).runInWorkers(ChaosSchedule.TICK);
    long starting = System.nanoTime();
    engine.start();
    long startMillis = (System.nanoTime() - starting) / 1_000_000;
    long sinceLaunch =
        System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  engine.close();
                  store.close();
                  stopped.countDown();
                }));
    System.out.println(
        "worker "
            + owner
            + " started ("
            + startMillis
            + " ms in Engine.start, "
            + sinceLaunch
            + " ms since the JVM launched)"
            + (broken == Breakage.NONE ? "" : ", its store broken on purpose: " + broken.flag())
            + (clockOffsetMillis == 0 ? "" : ", its clock " + clockOffsetMillis + " ms off")
            + (definitionVersion == 1 ? "" : ", chaos machine versions 1-" + definitionVersion));
    stopped.await();
    return 0;
  }
}
