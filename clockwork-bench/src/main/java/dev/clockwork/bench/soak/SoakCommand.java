package dev.clockwork.bench.soak;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.RunOptions;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The soak: tickets (three events, a timer, a final state) offered at a fixed rate — 70 % of the
 * capacity the whole mix showed flat out, unless {@code --rate} says — beside subscriptions renewed
 * by a recurring timer, with retention in minutes, for {@code --minutes} minutes; figures per
 * minute and the steady-state targets judged.
 */
@Command(
    name = "soak",
    mixinStandardHelpOptions = true,
    description = {
      "A fixed load for many minutes with retention on: throughput, latency, table bytes and heap"
          + " per minute (--quick: 3 minutes)."
    })
public final class SoakCommand implements Callable<Integer> {
  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--minutes",
      paramLabel = "N",
      description =
          "minutes of load (default: ${DEFAULT-VALUE}; × --scale, ÷ 10 with --quick; at least 3)",
      defaultValue = "30")
  int minutes = 30;

  @Option(
      names = "--minute-seconds",
      paramLabel = "S",
      description = "the length of a reported minute in seconds (default: ${DEFAULT-VALUE})",
      defaultValue = "60")
  double minuteSeconds = 60;

  @Option(
      names = "--rate",
      paramLabel = "STEPS",
      description =
          "ticket events (STEPs) offered per second; 0: 70 %% of the capacity the mix showed flat out"
              + " (default: ${DEFAULT-VALUE})",
      defaultValue = "0")
  double rate;

  @Option(
      names = "--retention",
      paramLabel = "S",
      description =
          "seconds finished tickets are kept, and subscriptions' history (default:"
              + " ${DEFAULT-VALUE}; × --scale, ÷ 10 with --quick, at least 10)",
      defaultValue = "120")
  int retentionSeconds = 120;

  @Option(
      names = "--ticket-wait",
      paramLabel = "S",
      description =
          "seconds a ticket waits for its timer before it closes (default: ${DEFAULT-VALUE})",
      defaultValue = "5")
  int ticketWait = 5;

  @Option(
      names = "--renew-every",
      paramLabel = "S",
      description = "seconds between a subscription's renewals (default: ${DEFAULT-VALUE})",
      defaultValue = "10")
  int renewEvery = 10;

  /**
   * Seconds finished tickets are kept: {@code --retention} scaled as the minutes are, so a quick
   * run reaches its plateau too (at least 10 s; exactly as given when the run is not scaled).
   */
  long retention() {
    return run.factor() == 1
        ? retentionSeconds
        : Math.max(Math.min(10, retentionSeconds), Math.round(retentionSeconds * run.factor()));
  }

  /** How often retention runs: a quarter of what it keeps, at least every 200 ms. */
  Duration retentionInterval() {
    return Duration.ofMillis(Math.max(200, retention() * 1000L / 4));
  }

  /** Whether the run outlasts a ticket's wait, its retention and a retention pass. */
  boolean retentionShouldPurge() {
    return minutes() * minuteSeconds
        > ticketWait + retention() + retentionInterval().toMillis() / 1000.0;
  }

  int minutes() {
    return Math.max(3, (int) Math.round(minutes * run.factor()));
  }

  int subscriptions() {
    return run.scaled(300);
  }

  /** How long the mix runs flat out to measure its capacity. */
  int calibrationSeconds() {
    return Math.max(10, run.scaled(30));
  }

  void check() {
    if (minutes < 1 || !(minuteSeconds > 0) || rate < 0 || retentionSeconds < 1) {
      throw new IllegalArgumentException(
          "--minutes and --retention take 1 or more, --minute-seconds more than 0 and"
              + " --rate 0 or more");
    }
    if (ticketWait < 1 || renewEvery < 1) {
      throw new IllegalArgumentException("--ticket-wait and --renew-every take 1 or more seconds");
    }
  }

  /**
   * The soak's engine: the defaults, both machines, retention in minutes, {@code probe} listening.
   */
  Engine engine(Store store, EngineProbe probe) {
    Duration kept = Duration.ofSeconds(retention());
    return Engine.builder()
        .store(store)
        .clock(Clock.systemUTC())
        .register(SoakMachines.ticket(Duration.ofSeconds(ticketWait)))
        .register(SoakMachines.subscription(Duration.ofSeconds(renewEvery)))
        .listener(probe)
        .settings(
            s ->
                s.retention(r -> r.finishedInstances(kept).history(h -> h.maxAge(kept)))
                    .workers(w -> w.upgradeOnStart(false).retentionInterval(retentionInterval())))
        .build();
  }

  String describe() {
    return String.format(
        Locale.ROOT,
        "%d minutes of %.0f s, %s, %,d subscriptions renewed every %d s, tickets close %d s after"
            + " their last STEP, retention %d s, %s",
        minutes(),
        minuteSeconds,
        rate > 0 ? String.format(Locale.ROOT, "%,.0f STEPs/s offered", rate) : "70 % of capacity",
        subscriptions(),
        renewEvery,
        ticketWait,
        retention(),
        run.durable() ? "fsync on" : "fsync off");
  }

  @Override
  public Integer call() throws Exception {
    check();
    RunReport report = new RunReport("soak", run.commandLine(), describe());
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      SoakRun.Result result = new SoakRun(postgres, this).run();
      report.add(SoakTables.section(result, retentionShouldPurge()));
    }
    report.finish(run.out());
    return report.exitCode();
  }
}
