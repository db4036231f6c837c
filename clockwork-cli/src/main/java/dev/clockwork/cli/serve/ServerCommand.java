package dev.clockwork.cli.serve;

import dev.clockwork.cli.command.DatabaseOptions;
import dev.clockwork.cli.command.OutputOption;
import dev.clockwork.cli.config.CommandSettings;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.ProvidedMachines;
import dev.clockwork.cli.environment.Stores;
import dev.clockwork.cli.output.Json;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.config.ServerConfig;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clockwork server}: the workers, the schedules, the HTTP API and the dashboard against the
 * database of the options or {@code clockwork.yaml}, with the machines of the class path's {@code
 * MachineProvider}s and the tokens of {@code server.tokens}.
 */
@Command(
    name = "server",
    mixinStandardHelpOptions = true,
    description =
        "Run Clockwork against your database: workers, schedules, the HTTP API and the"
            + " dashboard. Machines come from the MachineProviders on the class path (add your"
            + " jars with CLOCKWORK_CLASSPATH; --examples adds the built-in examples). API tokens"
            + " come from server.tokens in clockwork.yaml (`clockwork token new` makes one)."
            + " Ctrl-C stops claiming, finishes or gives back in-flight events, and exits.")
public final class ServerCommand implements Callable<Integer> {
  /** Connections for the workers, the claimer, the schedules and the API together. */
  static final int POOL_SIZE = 12;

  private final CliEnvironment env;

  @Mixin DatabaseOptions database;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      description = "interface (default: server.host, else 127.0.0.1)")
  String host;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      converter = PortConverter.class,
      description = "HTTP port (default: server.port, else 8080)")
  Integer port;

  @Mixin OutputOption output = new OutputOption();

  @Option(
      names = "--examples",
      description =
          "also run the example machines built into the CLI (order, subscription, …); they are"
              + " off by default so they never mix with yours")
  boolean examples;

  @Option(names = "--migrate", description = "create or upgrade Clockwork's tables first")
  boolean migrate;

  /** What {@code -o json} prints once the server runs. */
  record Started(String url, String database, List<String> machines, int tokens) {}

  public ServerCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws InterruptedException {
    StopSignals signals = StopSignals.install("clockwork-server");
    ServeSession session = start();
    signals.started(session);
    session.awaitClosed();
    return 0;
  }

  public ServeSession start() {
    PrintWriter out = env.out();
    CommandSettings settings = database.settings(env);
    if (migrate) {
      String migrated = env.database().migrate(settings.database());
      if (!output.json()) {
        out.println(settings.database().safeUrl() + ": " + migrated);
      }
    }
    ServerConfig server = settings.server();
    String chosenHost = host != null ? host : server.host();
    int chosenPort = port != null ? port : server.port();
    if (server.tokens().isEmpty()) {
      env.err()
          .println(
              "clockwork: warning: no API tokens configured, so every API call will be refused;"
                  + " add server.tokens to clockwork.yaml (`clockwork token new` makes one)");
      env.err().flush();
    }
    ProvidedMachines provided = ServerMachines.load(examples);
    if (provided.machines().isEmpty()) {
      env.err()
          .println(
              "clockwork: warning: no machines on the class path; add your jars with"
                  + " CLOCKWORK_CLASSPATH (their MachineProvider listed in META-INF/services), or"
                  + " pass --examples to try the example machines");
      env.err().flush();
    }
    Stores stores = env.database().open(settings.database(), POOL_SIZE);
    ServeSession session;
    try {
      ServeSession.Setup serve =
          new ServeSession.Setup(
              stores.store(),
              stores.schedules(),
              settings.file(),
              provided.machines(),
              provided.behaviors(),
              AccessPolicy.from(server),
              CallbackSettings.of(server, stores.store().callbacks(), env.environment()),
              chosenHost,
              chosenPort,
              env.clock());
      session =
          Listening.start(chosenHost, chosenPort, () -> ServeSession.start(serve, stores::close));
    } catch (RuntimeException e) {
      stores.close();
      throw e;
    }
    if (output.json()) {
      Json.print(
          out,
          new Started(
              session.url(),
              settings.database().safeUrl(),
              session.engine().machines().ids(),
              server.tokens().size()));
      return session;
    }
    out.printf(
        "Clockwork server on %s (database %s)%n", session.url(), settings.database().safeUrl());
    out.printf("  machines   %s%n", String.join(", ", session.engine().machines().ids()));
    out.printf("  tokens     %d configured%n", server.tokens().size());
    out.println("Ctrl-C stops it.");
    out.flush();
    return session;
  }
}
