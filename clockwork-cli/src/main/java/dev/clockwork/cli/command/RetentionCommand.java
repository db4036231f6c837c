package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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
            + " more), and the rows retention has removed so far (every engine's passes added"
            + " up; the retention.removed metric on /metrics counts one engine's). With"
            + " retention.schedule_audit set, a row for the audit of deleted schedules too."
      })
  public static final class Status implements Callable<Integer> {
    /** Backlog counts stop here: asking never scans a large table. */
    static final int CAP = 100_000;

    /** The MACHINE of the rows for every machine without retention of its own. */
    static final String OTHERS = RemovedTotal.EVERY_OTHER_MACHINE;

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
        Map<String, Map<String, RemovedTotal>> removed = new HashMap<>();
        for (RemovedTotal total : store.removedTotals()) {
          removed.computeIfAbsent(total.machine(), m -> new HashMap<>()).put(total.table(), total);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, RetentionSettings> machine : own.entrySet()) {
          rows.addAll(
              RetentionRows.of(
                  machine.getKey(),
                  machine.getValue(),
                  store.backlog(
                      RetentionScope.only(machine.getKey()), machine.getValue().cutoffs(now), CAP),
                  removed.getOrDefault(machine.getKey(), Map.of()),
                  now));
        }
        RetentionSettings keep = opened.config.retention();
        Map<String, RemovedTotal> others = removed.getOrDefault(OTHERS, Map.of());
        rows.addAll(
            RetentionRows.of(
                OTHERS,
                keep,
                store.backlog(RetentionScope.allBut(own.keySet()), keep.cutoffs(now), CAP),
                others,
                now));
        if (keep.scheduleAudit() != null || others.containsKey(RetentionSettings.SCHEDULE_AUDIT)) {
          rows.add(RetentionRows.scheduleAudit(OTHERS, keep.scheduleAudit(), others));
        }
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
                    + ": every machine without retention of its own. REMOVED: the rows every"
                    + " engine's passes have removed so far.");
        env.out().flush();
        return 0;
      }
    }
  }
}
