package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.migration.MigrationReport;
import dev.clockwork.runtime.migration.MigrationRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code machine migrate NAME --from V --to W --map old=new … [--dry-run]}: moves running instances
 * between two versions through a state mapping ({@code engine.machines().migrate}).
 */
@Command(
    name = "migrate",
    description = {
      "Move the running instances of one version of a machine onto another, renaming their states"
          + " with --map old.path=new.path (a path maps by its own entry or its nearest mapped"
          + " ancestor's; one no entry covers keeps its name). Run it with --dry-run first: it"
          + " lists the instances per active configuration and every state the mapping leaves"
          + " unmapped, and changes nothing. Each instance moves under its lease, its entries,"
          + " context and timer anchors kept; one whose states do not map stays and is listed."
          + " A repeated run moves what is left. Both versions must be on the class path or"
          + " deployed. Exit code 1 when an instance was refused."
    })
public final class MachineMigrateCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(index = "0", paramLabel = "NAME", description = "the machine (order or @order)")
  String machine;

  @Option(names = "--from", required = true, paramLabel = "V", description = "the old version")
  int from;

  @Option(names = "--to", required = true, paramLabel = "W", description = "the new version")
  int to;

  @Option(
      names = "--map",
      paramLabel = "OLD=NEW",
      description = "a state's old path and its new one (repeat it), e.g. shipped=delivered")
  List<String> map = new ArrayList<>();

  @Option(names = "--dry-run", description = "report what would move, change nothing")
  boolean dryRun;

  public MachineMigrateCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    CommandArguments.atLeast(spec, "--from", from, 1);
    CommandArguments.atLeast(spec, "--to", to, 1);
    String name = machine.startsWith("@") ? machine.substring(1) : machine;
    MigrationRequest request;
    try {
      request = MigrationRequest.of(name, from, to, map);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      Engine engine = opened.engine(env.machines());
      long started = System.nanoTime();
      MigrationReport report = engine.machines().migrate(request, dryRun);
      Duration took = Duration.ofNanos(System.nanoTime() - started);
      if (!dryRun) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("from", from);
        details.put("to", to);
        details.put("map", map);
        details.put("migrated", report.migrated());
        details.put("refused", report.refused());
        engine
            .admin()
            .operatorLog()
            .record(
                new Operator(System.getProperty("user.name", "cli"), null, "cli"),
                "machine.migrate",
                "machine:" + name,
                details);
      }
      if (output.json()) {
        Json.print(env.out(), report);
      } else {
        print(report, took);
      }
      return report.refused() == 0 ? 0 : 1;
    }
  }

  /**
   * What to do about the unmapped states: a state no --map covers needs one; a state a --map sends
   * to a path the new version lacks needs another target.
   */
  private String fixes(MigrationReport report) {
    List<String> add = new ArrayList<>();
    List<String> wrong = new ArrayList<>();
    for (String path : report.unmapped().keySet()) {
      String target = report.request().mapping().map(path);
      if (target.equals(path)) {
        add.add(path);
      } else {
        wrong.add(
            String.format(
                "--map sends %s to %s, which v%d does not have: map it to one of its states",
                path, target, to));
      }
    }
    if (!add.isEmpty()) {
      wrong.add(0, "add --map for " + String.join(", ", add));
    }
    return String.join("; ", wrong);
  }

  private void print(MigrationReport report, Duration took) {
    env.out()
        .printf(
            "%s v%d -> v%d%s%n",
            report.request().machine(), from, to, dryRun ? " (dry run: nothing changed)" : "");
    Table configurations = new Table("ACTIVE STATES", "INSTANCES");
    report.configurations().forEach(configurations::row);
    if (configurations.isEmpty()) {
      env.out().printf("No running instance is on version %d.%n", from);
    } else {
      configurations.print(env.out());
    }
    if (!report.unmapped().isEmpty()) {
      Table unmapped = new Table("UNMAPPED STATE", "INSTANCES");
      report.unmapped().forEach(unmapped::row);
      unmapped.print(env.out());
      env.out()
          .printf(
              "Refused: %s%s — %s%n",
              String.join(
                  ", ", report.refusedIds().subList(0, Math.min(10, report.refusedIds().size()))),
              report.refused() > 10 ? " and " + (report.refused() - 10) + " more" : "",
              fixes(report));
    }
    env.out()
        .printf(
            "%s %d, refused %d, in %s.%n",
            dryRun ? "Would migrate" : "Migrated",
            report.migrated(),
            report.refused(),
            HumanDuration.format(took));
    env.out().flush();
  }
}
