package dev.clockwork.chaos.cli;

import dev.clockwork.chaos.broken.Breakage;
import dev.clockwork.chaos.fault.FaultKind;
import dev.clockwork.chaos.run.ChaosRun;
import dev.clockwork.chaos.run.RunSettings;
import dev.clockwork.chaos.run.RunSummary;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code clockwork-chaos/run}: one chaos run (or the short mode's baseline and faulted runs),
 * printing the seed first and the invariant counts last; exit code 1 when an invariant broke.
 */
@Command(
    name = "clockwork-chaos/run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs worker JVMs on one embedded PostgreSQL, injects faults, and counts invariants.",
      "Exit code 0 when every invariant held, 1 when one broke, 2 for bad options."
    })
public final class ChaosCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--seed", description = "decides the event plan and fault schedule (random)")
  Long seed;

  @Option(
      names = "--seconds",
      defaultValue = "60",
      description = "how long events are sent and faults strike (default ${DEFAULT-VALUE})")
  int seconds;

  @Option(
      names = "--workers",
      defaultValue = "3",
      description = "worker JVMs (default ${DEFAULT-VALUE})")
  int workers;

  @Option(
      names = "--faults",
      defaultValue = "none",
      description =
          "comma-separated: kill, restart-db, terminate, pause, deploy (a rolling deploy of a"
              + " new machine version), clock-ahead, clock-behind (one worker's clock 30 s off),"
              + " net (one worker behind a proxy that resets or blackholes its connections),"
              + " operator (pauses, resumes and dead-letter purges racing the workers), all,"
              + " none (default none)")
  String faults;

  @Option(
      names = "--events",
      defaultValue = "3000",
      description =
          "events the producer sends over --seconds (default ${DEFAULT-VALUE}); it goes on at"
              + " that rate for 25 s after the faults")
  int events;

  @Option(
      names = "--instances",
      defaultValue = "200",
      description = "instances they go to (default ${DEFAULT-VALUE})")
  int instances;

  @Option(
      names = "--drain-seconds",
      defaultValue = "60",
      description = "bound on draining after the faults stop (default ${DEFAULT-VALUE})")
  int drainSeconds;

  @Option(
      names = "--break",
      defaultValue = "none",
      description =
          "run against a store that breaks a promise on purpose, to show the suite catches it:"
              + " duplicate-commit (an applied event stays queued: I2), skip-lease-check (a"
              + " refused commit is forced through: I1/I2 under --faults pause), ignore-pause (a"
              + " queue pause is not kept: I12 under --faults operator), none (default)")
  String breakage;

  @Option(
      names = "--short",
      description =
          "CI's short mode: a 20 s baseline, then a 60 s run with every fault of 'all' (the"
              + " read-only database runs alone: --long, or --faults read-only), one seed"
              + " (--seconds, --faults and --events are ignored)")
  boolean shortMode;

  @Option(
      names = "--long",
      description =
          "the long mode: per seed, a baseline, every fault alone, then all together, each for"
              + " --seconds (default here 45); a table of every run at the end")
  boolean longMode;

  @Option(
      names = "--seeds",
      split = ",",
      defaultValue = "11,12",
      description = "the long mode's seeds (default ${DEFAULT-VALUE})")
  List<Long> seeds;

  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
    System.exit(commandLine().execute(args));
  }

  public static CommandLine commandLine() {
    return new CommandLine(new ChaosCommand());
  }

  /** The runs these options ask for, in order. */
  public List<RunSettings> runs() {
    Set<FaultKind> kinds;
    try {
      kinds = FaultKind.parseList(faults);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--faults: " + e.getMessage());
    }
    Breakage broken;
    try {
      broken = Breakage.parse(breakage);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--break: " + e.getMessage());
    }
    positive("--seconds", seconds);
    positive("--workers", workers);
    positive("--events", events);
    positive("--instances", instances);
    positive("--drain-seconds", drainSeconds);
    long chosen = seed != null ? seed : new SecureRandom().nextInt(Integer.MAX_VALUE);
    RunSettings asked =
        new RunSettings(
            chosen,
            Duration.ofSeconds(seconds),
            workers,
            kinds,
            events,
            instances,
            Duration.ofSeconds(drainSeconds),
            broken);
    if (shortMode && longMode) {
      throw new ParameterException(spec.commandLine(), "choose --short or --long, not both");
    }
    if (longMode) {
      return longRuns(asked);
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--seeds")) {
      throw new ParameterException(
          spec.commandLine(), "--seeds is for --long; one run takes --seed");
    }
    if (!shortMode) {
      return List.of(asked);
    }
    return List.of(
        asked.with(Set.of(), Duration.ofSeconds(20), 1_000),
        asked.with(FaultKind.all(), Duration.ofSeconds(60), 3_000));
  }

  /** Per seed: a baseline, each fault kind alone, every kind together. */
  private List<RunSettings> longRuns(RunSettings asked) {
    Duration window =
        spec.commandLine().getParseResult().hasMatchedOption("--seconds")
            ? asked.window()
            : Duration.ofSeconds(45);
    int perWindow =
        spec.commandLine().getParseResult().hasMatchedOption("--events")
            ? asked.events()
            : (int) (window.toSeconds() * 50);
    List<RunSettings> runs = new ArrayList<>();
    for (long each : seeds) {
      RunSettings seeded = asked.withSeed(each);
      runs.add(seeded.with(Set.of(), window, perWindow));
      for (FaultKind kind : FaultKind.values()) {
        runs.add(seeded.with(Set.of(kind), window, perWindow));
      }
      runs.add(seeded.with(FaultKind.all(), window, perWindow));
    }
    return runs;
  }

  private void positive(String option, int value) {
    if (value < 1) {
      throw new ParameterException(spec.commandLine(), option + " must be 1 or more, not " + value);
    }
  }

  @Override
  public Integer call() throws Exception {
    List<RunSettings> runs = runs();
    System.out.println("seed " + runs.get(0).seed());
    Path jar = jar();
    Path home = jar.getParent().resolve("chaos");
    Files.createDirectories(home);
    boolean held = true;
    List<RunSummary> summaries = new ArrayList<>();
    for (RunSettings run : runs) {
      RunSummary summary = new ChaosRun(run, home, jar, System.out).run();
      summaries.add(summary);
      held &= summary.held();
    }
    if (runs.size() > 1) {
      RunSummary.print(summaries, System.out);
    }
    System.out.println(held ? "PASS: every invariant held" : "FAIL: an invariant broke");
    return held ? 0 : 1;
  }

  private static Path jar() throws URISyntaxException {
    Path location =
        Path.of(ChaosCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(location)) {
      throw new IllegalStateException(
          "run the harness from its jar (clockwork-chaos/run): workers start from it, not from "
              + location);
    }
    return location;
  }
}
