package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code clockwork timers status|process|reschedule|extend|fire|cancel}. */
@Command(
    name = "timers",
    description =
        "Inspect armed timers; run a machine's due work now; move, put off, fire or cancel one.",
    subcommands = {
      TimersCommand.Status.class,
      TimersCommand.Process.class,
      TimerOperationCommands.Reschedule.class,
      TimerOperationCommands.Extend.class,
      TimerOperationCommands.Fire.class,
      TimerOperationCommands.Cancel.class,
      HelpCommand.class
    })
public final class TimersCommand {

  /** {@code clockwork timers status}: armed timers, soonest first. */
  @Command(
      name = "status",
      description = {
        "List armed timers, soonest first. A fire that failed and waits for a retry is listed at"
            + " its retry instant; a one-shot timer whose fire failed for good is not armed any"
            + " more (its fire is in the dead letters: `queue dlq`, and `instance show` lists it"
            + " under failed timers)."
      })
  public static final class Status implements Callable<Integer> {
    private final CliEnvironment env;

    @Spec CommandSpec spec;
    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;
    @Mixin InstanceNamespace namespace;

    @Option(
        names = "--machine",
        paramLabel = "MACHINE",
        description = "only this machine's timers (order or @order)")
    String machine;

    @Option(
        names = "--state",
        paramLabel = "STATE",
        description = "only timers of this state (a dotted path) and inside it")
    String state;

    @Option(
        names = "--limit",
        paramLabel = "N",
        defaultValue = "50",
        description = "at most this many, 1 or more (default 50)")
    int limit;

    public Status(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      CommandArguments.atLeast(spec, "--limit", limit, 1);
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        String name = MachineNames.requireKnown(env, opened.store, opened.config, machine);
        List<TimerView> timers =
            opened.store.queueAdmin().armedTimers(name, namespace.filter(), state, limit);
        Instant now = env.clock().instant();
        if (output.json()) {
          Json.print(env.out(), timers);
          return 0;
        }
        Table table = new Table("INSTANCE", "MACHINE", "STATE", "EVENT", "DUE", "IN", "FIRES");
        for (TimerView t : timers) {
          table.row(
              namespace.shown(t.instanceId()),
              t.machine(),
              t.state(),
              t.event(),
              t.due(),
              until(now, t.due()),
              t.fires());
        }
        if (table.isEmpty()) {
          env.out().println("No armed timers" + (name == null ? "" : " for " + name) + ".");
        } else {
          table.print(env.out());
          long due = timers.stream().filter(t -> !t.due().isAfter(now)).count();
          env.out().printf("%d shown, %d due now.%n", timers.size(), due);
        }
        env.out().flush();
        return 0;
      }
    }

    private static String until(Instant now, Instant due) {
      Duration left = Duration.between(now, due);
      return left.isNegative() || left.isZero() ? "due" : HumanDuration.format(left);
    }
  }

  /** {@code clockwork timers process --machine X}: one pass, for cron-driven deployments. */
  @Command(
      name = "process",
      description = {
        "Run every event and timer fire of the machine that is due now, until none is left, with"
            + " clockwork.yaml's queue settings (concurrency caps, retries): for deployments that"
            + " drive Clockwork from cron instead of running workers. Events that wait for a retry"
            + " later stay queued. The machine's definition must be on the classpath."
      })
  public static final class Process implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;
    @Mixin InstanceNamespace namespace;

    @Option(
        names = "--machine",
        required = true,
        paramLabel = "MACHINE",
        description = "the machine whose due events and timer fires to run (order or @order)")
    String machine;

    public Process(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      String name = MachineNames.requireOnClasspath(env, machine);
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        // settings for a misspelled machine would apply to nothing: fail as Engine.start() does
        opened.config.checkMachines(
            env.machines().stream().map(MachineDefinition::id).collect(Collectors.toSet()));
        Engine engine = opened.engine(env.machines());
        long started = System.nanoTime();
        int processed = engine.runDue(name);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        if (output.json()) {
          Map<String, Object> result = new LinkedHashMap<>();
          result.put("machine", name);
          result.put("processed", processed);
          result.put("took", took);
          Json.print(env.out(), result);
        } else {
          env.out()
              .printf(
                  "%s: processed %d %s in %s%n",
                  name,
                  processed,
                  processed == 1 ? "event or timer fire" : "events and timer fires",
                  HumanDuration.format(took));
          env.out().flush();
        }
        return 0;
      }
    }
  }
}
