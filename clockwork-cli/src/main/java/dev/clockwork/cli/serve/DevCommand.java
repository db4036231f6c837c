package dev.clockwork.cli.serve;

import dev.clockwork.cli.command.OutputOption;
import dev.clockwork.cli.config.DevDatabaseFile;
import dev.clockwork.cli.config.SettingsResolver;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.config.ServerConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clockwork dev}: everything on one machine with nothing installed — an embedded PostgreSQL
 * keeping its data under {@code ./.clockwork/dev}, the engine and its workers, the schedules, the
 * HTTP API and the dashboard, with the example machines and a few instances.
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description =
        "Run Clockwork for development: an embedded PostgreSQL (data kept in --data-dir), the"
            + " workers, the schedules, the HTTP API and the dashboard, with the machines on the"
            + " class path (the examples included) and a few instances, timers and a schedule."
            + " Prints the URL and a development token; Ctrl-C stops everything.")
public final class DevCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      converter = PortConverter.class,
      description = "HTTP port (default: 8080)")
  int port = 8080;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description = "where PostgreSQL keeps its data and the token (default: ./.clockwork/dev)")
  Path dataDir = DevDatabaseFile.DEFAULT_DIRECTORY;

  @Mixin OutputOption output = new OutputOption();

  @Option(names = "--fresh", description = "wipe --data-dir first: start from an empty database")
  boolean fresh;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "clockwork.yaml with queue and machine settings (default: ./clockwork.yaml)")
  Path config;

  /** What {@code -o json} prints once everything runs. */
  record Started(
      String dashboard,
      String api,
      String token,
      String database,
      List<String> machines,
      int seededInstances,
      String dataDirectory,
      double startedInSeconds) {}

  public DevCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws InterruptedException {
    StopSignals signals = StopSignals.install("clockwork-dev");
    ServeSession session = start();
    signals.started(session);
    session.awaitClosed();
    return 0;
  }

  /** Starts everything and prints where it is; the caller stops it with {@code close()}. */
  public ServeSession start() {
    long started = System.nanoTime();
    PrintWriter out = env.out();
    Settings settings = new SettingsResolver(env.environment()).config(config);
    ServerConfig server = ServerConfig.from(settings);
    Path directory = dataDir.toAbsolutePath().normalize();
    if (!output.json()) {
      // -o json prints one JSON document and nothing else
      out.printf("Starting PostgreSQL 17 (data in %s)...%n", directory);
      out.flush();
    }
    DevDatabase database =
        DevDatabase.start(
            directory,
            fresh,
            notice -> {
              if (!output.json()) {
                out.println(notice);
                out.flush();
              }
            });
    PostgresStore store;
    try {
      DevDatabaseFile.write(directory, database.jdbcUrl());
      store = PostgresStore.builder().url(database.jdbcUrl()).user("postgres").build();
    } catch (RuntimeException e) {
      database.close();
      throw e;
    }
    String token;
    ServeSession session;
    try {
      token = DevToken.in(directory);
      AccessPolicy access =
          AccessPolicy.from(server)
              .with(ApiToken.ofSecret("dev", token, Role.ADMIN, Set.of(ApiToken.ALL_NAMESPACES)));
      ServeSession.Setup serve =
          new ServeSession.Setup(
              store,
              store.schedules(),
              settings,
              env.machines(),
              env.behaviors(),
              access,
              CallbackSettings.of(server, store.callbacks(), env.environment()),
              "127.0.0.1",
              port,
              env.clock());
      session =
          Listening.start(
              "127.0.0.1",
              port,
              () ->
                  ServeSession.start(
                      serve,
                      () -> {
                        store.close();
                        database.close();
                      }));
    } catch (RuntimeException e) {
      store.close();
      database.close();
      throw e;
    }
    int seeded;
    try {
      seeded = DevSeed.seedIfEmpty(session.engine(), session.schedules());
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    double took = (System.nanoTime() - started) / 1e9;
    if (output.json()) {
      Json.print(
          out,
          new Started(
              session.url(),
              session.url() + "/api",
              token,
              database.jdbcUrl(),
              session.engine().machines().ids(),
              seeded,
              directory.toString(),
              took));
      return session;
    }
    out.printf("%nClockwork dev is running (started in %.1f s)%n", took);
    out.printf("  dashboard  %s/%n", session.url());
    out.printf("  API        %s/api   token: %s%n", session.url(), token);
    out.printf(
        "  database   %s (user postgres; the same port at every start)%n", database.jdbcUrl());
    out.printf("  CLI        export %s='%s'%n", SettingsResolver.URL_VARIABLE, database.jdbcUrl());
    if (directory.equals(DevDatabaseFile.DEFAULT_DIRECTORY.toAbsolutePath().normalize())) {
      out.println("             (commands run in this directory find it without the export)");
    }
    out.printf(
        "  machines   %s%s%n",
        String.join(", ", session.engine().machines().ids()),
        seeded > 0 ? " (" + seeded + " example instances and a schedule created)" : "");
    out.printf("  data       %s (kept across restarts; --fresh wipes it)%n", directory);
    out.println(
        "Try: curl -H 'Authorization: Bearer " + token + "' " + session.url() + "/api/machines");
    out.println("Ctrl-C stops everything.");
    out.flush();
    return session;
  }
}
