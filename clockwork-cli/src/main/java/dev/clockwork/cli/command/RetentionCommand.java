package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code clockwork retention status}. */
@Command(
    name = "retention",
    description = "See what retention keeps and how far behind it is.",
    subcommands = {RetentionCommand.Status.class, HelpCommand.class})
public final class RetentionCommand {

  /**
   * {@code clockwork retention status}: per machine with retention of its own, then for the others,
   * per table what is kept, the oldest row's age and the backlog.
   */
  @Command(
      name = "status",
      description = {
        "Per table retention looks after: how long rows are kept (clockwork.yaml's retention:"
            + " block; a machine with its own machines.<id>.retention gets rows of its own), the"
            + " oldest row and its age, how long it is overdue, and the backlog: rows past their"
            + " retention still waiting for a pass, counted up to 100,000 (\u2265 when there are"
            + " more). Rows removed are counted by each engine: the"
            + " retention.removed metric on /metrics."
      })
  public static final class Status implements Callable<Integer> {
    /** Backlog counts stop here: asking never scans a large table. */
    static final int CAP = 100_000;

    /** The MACHINE of the rows for every machine without retention of its own. */
    static final String OTHERS = "*";

    private final CliEnvironment env;

    @Spec CommandSpec spec;
    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    public Status(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (OpenDatabase opened = OpenDatabase.open(env, database)) {
        Instant now = env.clock().instant();
        RetentionStore store = opened.store.retention();
        Map<String, RetentionSettings> own = opened.config.machineRetention();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, RetentionSettings> machine : own.entrySet()) {
          rows.addAll(
              RetentionRows.of(
                  machine.getKey(),
                  machine.getValue(),
                  store.backlog(
                      RetentionScope.only(machine.getKey()), machine.getValue().cutoffs(now), CAP),
                  now));
        }
        RetentionSettings keep = opened.config.retention();
        rows.addAll(
            RetentionRows.of(
                OTHERS,
                keep,
                store.backlog(RetentionScope.allBut(own.keySet()), keep.cutoffs(now), CAP),
                now));
        if (output.json()) {
          Json.print(env.out(), rows);
          return 0;
        }
        RetentionRows.table(rows).print(env.out());
        env.out()
            .println(
                "instances: finished ones; history: running instances' (also at most "
                    + keep.historyMaxRows()
                    + " rows each; the backlog counts rows past max_age); machine "
                    + OTHERS
                    + ": every machine without retention of its own. Rows removed: the"
                    + " retention.removed metric of each engine (/metrics).");
        env.out().flush();
        return 0;
      }
    }
  }
}
