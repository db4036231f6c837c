package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clockwork timers status|process}. */
@Command(
    name = "timers",
    description = "Inspect armed timers and fire due ones.",
    subcommands = {TimersCommand.Status.class, TimersCommand.Process.class})
public final class TimersCommand {

  /** {@code clockwork timers status}: armed timers, soonest first. */
  @Command(name = "status", description = "List armed timers, soonest first.")
  public static final class Status implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Option(names = "--machine", description = "only this machine's timers")
    String machine;

    @Option(
        names = "--state",
        description = "only timers of this state (a dotted path) and inside it")
    String state;

    @Option(names = "--limit", defaultValue = "50", description = "at most this many (default 50)")
    int limit;

    public Status(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      if (limit < 1) {
        throw new ClockworkException("--limit must be 1 or more, not " + limit);
      }
      try (OpenStore store = OpenStore.open(env, database)) {
        List<TimerView> timers = store.get().armedTimers(machine, state, limit);
        Instant now = env.clock().instant();
        if (output.json()) {
          Json.print(env.out(), timers);
          return 0;
        }
        Table table = new Table("INSTANCE", "MACHINE", "STATE", "EVENT", "DUE", "IN", "FIRES");
        for (TimerView t : timers) {
          table.row(
              t.instanceId(),
              t.machine(),
              t.state(),
              t.event(),
              t.due(),
              until(now, t.due()),
              t.fires());
        }
        if (table.isEmpty()) {
          env.out().println("No armed timers" + (machine == null ? "" : " for " + machine) + ".");
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
      if (left.isNegative() || left.isZero()) {
        return "due";
      }
      return left.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** {@code clockwork timers process --machine X}: one sweep, for cron-driven deployments. */
  @Command(
      name = "process",
      description =
          "Fire the machine's due timers now and process the events they queue (for deployments"
              + " that drive the sweep from cron). The machine's definition must be on the classpath.")
  public static final class Process implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Option(names = "--machine", required = true, description = "the machine whose timers to fire")
    String machine;

    public Process(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      List<MachineDefinition> versions =
          env.machines().stream().filter(m -> m.id().equals(machine)).toList();
      if (versions.isEmpty()) {
        throw new ClockworkException(
            "no machine '"
                + machine
                + "' is on the classpath (known: "
                + env.machines().stream().map(MachineDefinition::id).distinct().toList()
                + "); put the jar with your MachineProvider on the classpath");
      }
      try (OpenStore store = OpenStore.open(env, database)) {
        Engine engine =
            Engine.builder()
                .store(store.get())
                .clock(env.clock())
                .register(versions.toArray(new MachineDefinition[0]))
                .build();
        long started = System.nanoTime();
        int swept = engine.sweepTimers();
        int processed = engine.processQueue();
        long millis = (System.nanoTime() - started) / 1_000_000;
        if (output.json()) {
          Map<String, Object> result = new LinkedHashMap<>();
          result.put("machine", machine);
          result.put("swept", swept);
          result.put("processed", processed);
          result.put("millis", millis);
          Json.print(env.out(), result);
        } else {
          env.out()
              .printf(
                  "%s: fired %d due timers, processed %d events in %d ms%n",
                  machine, swept, processed, millis);
          env.out().flush();
        }
        return 0;
      }
    }
  }
}
