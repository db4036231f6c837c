package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.store.retention.OldestRows;
import dev.clockwork.runtime.store.retention.RemovedRows;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  /** {@code clockwork retention status}: per table, what is kept and the oldest row's age. */
  @Command(
      name = "status",
      description = {
        "Per table retention looks after: how long rows are kept (clockwork.yaml's system-wide"
            + " retention: block; machines.<id>.retention overrides are not broken out), the"
            + " oldest row and its age, and how long it is overdue (the backlog a pass has left)."
            + " Rows removed are counted by each engine: the retention.removed metric."
      })
  public static final class Status implements Callable<Integer> {
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
        OldestRows oldest = opened.store.retention().oldest();
        RetentionSettings keep = opened.config.retention();
        Instant now = env.clock().instant();
        List<Map<String, Object>> rows = new ArrayList<>();
        row(rows, RemovedRows.INSTANCES, keep.finishedInstances(), oldest, now);
        row(rows, RemovedRows.HISTORY, keep.historyMaxAge(), oldest, now);
        row(rows, RemovedRows.IDEMPOTENCY_KEYS, keep.idempotencyKeys(), oldest, now);
        row(rows, RemovedRows.CALLBACKS, keep.callbacks(), oldest, now);
        row(rows, RemovedRows.OPERATOR_LOG, keep.operatorLog(), oldest, now);
        if (output.json()) {
          Json.print(env.out(), rows);
          return 0;
        }
        Table table = new Table("TABLE", "KEEP", "OLDEST", "AGE", "OVERDUE");
        for (Map<String, Object> row : rows) {
          table.row(
              row.get("table"),
              keepText((String) row.get("table"), (Duration) row.get("keep"), keep),
              row.get("oldest"),
              row.get("age") == null ? null : HumanDuration.format((Duration) row.get("age")),
              row.get("overdue") == null
                  ? null
                  : HumanDuration.format((Duration) row.get("overdue")));
        }
        table.print(env.out());
        env.out()
            .println(
                "instances: finished ones; history: running instances' (also at most "
                    + keep.historyMaxRows()
                    + " rows each). Rows removed: the retention.removed metric of each engine.");
        env.out().flush();
        return 0;
      }
    }

    private static void row(
        List<Map<String, Object>> rows,
        String table,
        Duration keep,
        OldestRows oldest,
        Instant now) {
      Instant at = oldest.byTable().get(table);
      Duration age = at == null ? null : Duration.between(at, now);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("table", table);
      row.put("keep", keep);
      row.put("oldest", at);
      row.put("age", age);
      row.put("overdue", age == null || age.compareTo(keep) <= 0 ? null : age.minus(keep));
      rows.add(row);
    }

    private static String keepText(String table, Duration keep, RetentionSettings settings) {
      String age = HumanDuration.format(keep);
      return table.equals(RemovedRows.HISTORY)
          ? age + ", " + settings.historyMaxRows() + " rows"
          : age;
    }
  }
}
