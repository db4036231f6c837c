package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clockwork instance show <id>}. */
@Command(
    name = "instance",
    description = "Inspect instances.",
    subcommands = {InstanceCommand.Show.class})
public final class InstanceCommand {

  /** State, context, armed timers and the last history rows of one instance. */
  @Command(name = "show", description = "Show an instance: state, context, timers, recent history.")
  public static final class Show implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Parameters(paramLabel = "ID", description = "the instance id")
    String id;

    @Option(
        names = "--history",
        defaultValue = "10",
        description = "history rows to show (default 10)")
    int history;

    public Show(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (OpenStore store = OpenStore.open(env, database)) {
        InstanceRecord record =
            store
                .get()
                .find(id)
                .orElseThrow(() -> new ClockworkException("no instance with id '" + id + "'"));
        long from = Math.max(0, record.historySequence() - Math.max(history, 0));
        List<HistoryEntry> rows = store.get().history(id, from, Math.max(history, 0));
        if (output.json()) {
          Map<String, Object> json = new LinkedHashMap<>();
          json.put("id", record.id());
          json.put("machine", record.machine());
          json.put("version", record.version());
          json.put("conversation_id", record.conversationId());
          json.put("status", record.status());
          json.put("states", record.leafPaths());
          json.put("context", record.context());
          json.put("timers", record.timers());
          json.put("history", rows);
          Json.print(env.out(), json);
          return 0;
        }
        print(env.out(), record, rows);
        return 0;
      }
    }

    private static void print(PrintWriter out, InstanceRecord record, List<HistoryEntry> rows) {
      out.printf("Instance      %s%n", record.id());
      out.printf("Machine       %s v%d%n", record.machine(), record.version());
      out.printf("Conversation  %s%n", record.conversationId());
      out.printf("Status        %s%n", record.status());
      out.printf("State         %s%n", String.join(", ", record.leafPaths()));
      out.printf("Context       %s%n", record.context());
      out.println();
      if (record.timers().isEmpty()) {
        out.println("Timers        none armed");
      } else {
        Table timers = new Table("TIMER", "EVENT", "DUE", "FIRES");
        for (ArmedTimer t : record.timers()) {
          timers.row(t.key(), t.event(), t.due(), t.fires());
        }
        timers.print(out);
      }
      out.println();
      Table history = new Table("SEQ", "AT", "KIND", "EVENT", "STATES", "DETAIL");
      for (HistoryEntry h : rows) {
        history.row(
            h.sequence(),
            h.at(),
            h.kind(),
            h.event(),
            String.join(",", h.states()),
            h.detail().isEmpty() ? null : h.detail());
      }
      history.print(out);
      out.flush();
    }
  }
}
