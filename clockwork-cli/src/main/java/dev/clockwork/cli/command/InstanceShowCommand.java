package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.TrimMarker;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code instance show ID}: state, context, armed and failed timers, waiting region jobs (parallel
 * dispatch), the last history rows.
 */
@Command(
    name = "show",
    description =
        "Show an instance: state, context, timers (armed and failed), region jobs, recent"
            + " history.")
public final class InstanceShowCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;
  @Mixin InstanceNamespace namespace;

  @Parameters(paramLabel = "ID", description = "the instance id")
  String id;

  @Option(
      names = "--history",
      defaultValue = "10",
      paramLabel = "ROWS",
      description = "history rows to show, 0 or more (default 10)")
  int history;

  public InstanceShowCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    CommandArguments.atLeast(spec, "--history", history, 0);
    String stored = namespace.stored(id);
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      InstanceRecord record =
          opened
              .store
              .instances()
              .find(stored)
              .orElseThrow(() -> new ClockworkException(namespace.missing(id)));
      long from = Math.max(0, record.historySequence() - history);
      List<HistoryEntry> recent = opened.store.instances().history(stored, from, history);
      List<ArmedTimer> armed = record.timers().stream().filter(t -> !t.failed()).toList();
      List<ArmedTimer> failed = record.timers().stream().filter(ArmedTimer::failed).toList();
      List<RegionJob> jobs = opened.store.regionJobs().list(stored);
      if (output.json()) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", id);
        json.put("namespace", namespace.name());
        json.put("machine", record.machine());
        json.put("version", record.version());
        json.put("conversation_id", NamespacedIds.idOf(record.conversationId()));
        json.put("status", record.status());
        json.put("states", record.leafPaths());
        json.put("context", record.context());
        json.put("timers", armed);
        json.put("failed_timers", failed);
        json.put("region_jobs", jobs);
        json.put("history", recent);
        Json.print(env.out(), json);
        return 0;
      }
      PrintWriter out = env.out();
      out.printf(
          "Instance      %s%s%n",
          id, namespace.namespace == null ? "" : " (namespace " + namespace.name() + ")");
      out.printf("Machine       %s v%d%n", record.machine(), record.version());
      out.printf("Conversation  %s%n", NamespacedIds.idOf(record.conversationId()));
      out.printf("Status        %s%n", record.status());
      out.printf("State         %s%n", String.join(", ", record.leafPaths()));
      out.printf("Context       %s%n", record.context());
      out.println();
      printTimers(out, armed, failed, record.machine());
      out.println();
      printJobs(out, jobs);
      printHistory(out, recent);
      out.flush();
      return 0;
    }
  }

  private static void printTimers(
      PrintWriter out, List<ArmedTimer> armed, List<ArmedTimer> failed, String machine) {
    if (armed.isEmpty()) {
      out.println("Timers        none armed");
    } else {
      timerTable(armed).print(out);
    }
    if (!failed.isEmpty()) {
      out.println();
      out.println(
          "Failed timers (fired and failed for good; see `clockwork queue dlq --machine "
              + machine
              + "`)");
      timerTable(failed).print(out);
    }
  }

  /** Waiting or running region jobs (parallel dispatch); nothing when there are none. */
  private static void printJobs(PrintWriter out, List<RegionJob> jobs) {
    if (jobs.isEmpty()) {
      return;
    }
    out.println("Region jobs (parallel dispatch: entry actions running or waiting to run)");
    Table table = new Table("JOB", "REGION", "ATTEMPTS", "AVAILABLE AT", "QUEUE", "LAST ERROR");
    for (RegionJob job : jobs) {
      table.row(
          job.id(),
          job.region(),
          job.attempts(),
          job.availableAt(),
          job.queueName(),
          job.lastError());
    }
    table.print(out);
    out.println();
  }

  private static Table timerTable(List<ArmedTimer> timers) {
    Table table = new Table("TIMER", "EVENT", "DUE", "FIRES");
    for (ArmedTimer t : timers) {
      table.row(t.key(), t.event(), t.due(), t.fires());
    }
    return table;
  }

  /**
   * One row per history entry. EVENT ID is the queue id ({@code instance event} takes it), TRY the
   * attempt; both are blank for rows that are not about a queued event. A retention marker (the
   * oldest row when older ones were trimmed) is a line of words above the table, not a row.
   */
  private static void printHistory(PrintWriter out, List<HistoryEntry> rows) {
    Table table = new Table("SEQ", "AT", "KIND", "EVENT", "EVENT ID", "TRY", "STATES", "DETAIL");
    for (HistoryEntry h : rows) {
      if (h.kind() == HistoryEntry.Kind.TRIMMED) {
        out.println("… " + TrimMarker.words(h));
        continue;
      }
      table.row(
          h.sequence(),
          h.at(),
          h.kind(),
          h.event(),
          h.eventId() == 0 ? null : h.eventId(),
          h.attempt() == 0 ? null : h.attempt(),
          String.join(",", h.states()),
          h.detail() == null || h.detail().isEmpty() ? null : h.detail());
    }
    table.print(out);
  }
}
