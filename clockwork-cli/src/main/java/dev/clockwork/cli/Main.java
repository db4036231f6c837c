package dev.clockwork.cli;

import dev.clockwork.cli.command.ArchiveCommand;
import dev.clockwork.cli.command.InstanceCommand;
import dev.clockwork.cli.command.MachineCommand;
import dev.clockwork.cli.command.MigrateCommand;
import dev.clockwork.cli.command.QueueCommand;
import dev.clockwork.cli.command.RetentionCommand;
import dev.clockwork.cli.command.SchedulesCommand;
import dev.clockwork.cli.command.TimersCommand;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.environment.ProvidedMachines;
import dev.clockwork.cli.serve.DevCommand;
import dev.clockwork.cli.serve.ServerCommand;
import dev.clockwork.cli.serve.TokenCommand;
import dev.clockwork.cli.usage.StrictExecution;
import dev.clockwork.cli.usage.UsageErrors;
import dev.clockwork.cli.usage.WordWrappedHelp;
import dev.clockwork.core.ClockworkException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.ServiceConfigurationError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code clockwork} command line. */
@Command(
    name = "clockwork",
    mixinStandardHelpOptions = true,
    scope = ScopeType.INHERIT,
    version = "clockwork 0.1.0-SNAPSHOT",
    description = "Operate Clockwork: migrations, machines, timers, instances, queues, schedules.",
    subcommands = {
      MigrateCommand.class,
      TimersCommand.class,
      RetentionCommand.class,
      InstanceCommand.class,
      MachineCommand.class,
      QueueCommand.class,
      SchedulesCommand.class,
      DevCommand.class,
      ArchiveCommand.class,
      ServerCommand.class,
      TokenCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  static final String VERBOSE = "--verbose";

  /** The width of help when no terminal says how wide it is. */
  static final int USAGE_WIDTH = 80;

  private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

  private final CliEnvironment env;

  /** Read by {@link #main} before parsing: log levels are set before the first logger exists. */
  @Option(
      names = VERBOSE,
      scope = ScopeType.INHERIT,
      description =
          "log what the libraries do (Flyway's migrations, the connection pool) on standard error;"
              + " without it only warnings are logged")
  boolean verbose;

  Main(CliEnvironment env) {
    this.env = env;
  }

  public static void main(String[] args) {
    // before the first logger exists: slf4j-simple reads its level once
    if (Arrays.asList(args).contains(VERBOSE)) {
      System.setProperty(LOG_LEVEL, "info");
    }
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    ProvidedMachines provided;
    try {
      provided = ProvidedMachines.load(provider -> true);
    } catch (RuntimeException | ServiceConfigurationError e) {
      err.println(
          "clockwork: cannot load the machines on the class path: "
              + e.getMessage()
              + " (fix the MachineProvider, or take its jar off the class path)");
      System.exit(1);
      return;
    }
    CliEnvironment env =
        new CliEnvironment(
            System.getenv(),
            out,
            err,
            Clock.systemUTC(),
            new PostgresDatabase(),
            provided.machines(),
            provided.behaviors());
    System.exit(run(env, args));
  }

  /** Runs the command line against {@code env}; returns the exit code (2 for usage errors). */
  public static int run(CliEnvironment env, String... args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].indexOf('\0') >= 0) {
        env.err()
            .println(
                "clockwork: argument "
                    + (i + 1)
                    + " ('"
                    + args[i].replace('\0', '␀')
                    + "') holds a NUL character (shown as ␀); no id, name or value can hold"
                    + " one: type it again without");
        env.err().flush();
        return 2;
      }
    }
    return commandLine(env).execute(args);
  }

  /** The command tree, wired to {@code env}, with the CLI's error handling. */
  static CommandLine commandLine(CliEnvironment env) {
    CommandLine cli = new CommandLine(new Main(env), new Factory(env));
    cli.setOut(env.out());
    cli.setErr(env.err());
    cli.setParameterExceptionHandler(new UsageErrors());
    cli.setExecutionStrategy(new StrictExecution());
    // help fits the terminal (80 columns when there is none), wrapped between words
    cli.setUsageHelpWidth(USAGE_WIDTH);
    cli.setUsageHelpAutoWidth(true);
    cli.setHelpFactory(WordWrappedHelp::new);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          String message =
              e instanceof ClockworkException || e instanceof IllegalArgumentException
                  ? e.getMessage()
                  : e.getClass().getSimpleName() + ": " + e.getMessage();
          commandLine.getErr().println("clockwork: " + message);
          commandLine.getErr().flush();
          return 1;
        });
    return cli;
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(env.out());
    env.out().flush();
  }

  /** Builds commands, handing the environment to those that take it. */
  private static final class Factory implements CommandLine.IFactory {
    private final CliEnvironment env;

    Factory(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
      try {
        Constructor<K> withEnv = type.getDeclaredConstructor(CliEnvironment.class);
        return withEnv.newInstance(env);
      } catch (NoSuchMethodException e) {
        return CommandLine.defaultFactory().create(type);
      }
    }
  }
}
