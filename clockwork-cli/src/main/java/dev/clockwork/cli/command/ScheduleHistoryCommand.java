package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.schedule.ScheduleHistoryPage;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedules history <id> [--limit N] [--after-sequence S] [--all] [--output
 * table|json|jsonl]}: a schedule's audit stream, a page at a time or all of it. JSON carries the
 * page's {@code next_cursor} and {@code has_more}; JSON Lines prints one self-contained event per
 * line and no envelope.
 */
@Command(
    name = "history",
    description = "Show a schedule's audit stream, oldest first (deleted schedules keep theirs).")
public final class ScheduleHistoryCommand implements Callable<Integer> {
  static final int MAX_LIMIT = 500;

  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin ScheduleNamespace namespace;

  @Parameters(paramLabel = "SCHEDULE_ID", description = "the schedule")
  String scheduleId;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "100",
      description = "events per page, 1 to 500 (default 100)")
  int limit;

  @Option(
      names = "--after-sequence",
      paramLabel = "SEQ",
      defaultValue = "0",
      description = "start after this sequence: a previous page's next_cursor (default 0)")
  long afterSequence;

  @Option(names = "--all", description = "page through every remaining event")
  boolean all;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "table",
      converter = FormatConverter.class,
      description = "table (default), json (a page with next_cursor) or jsonl (one event a line)")
  Format format;

  /** How the history prints. */
  enum Format {
    TABLE,
    JSON,
    JSONL
  }

  public ScheduleHistoryCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    CommandArguments.between(spec, "--limit", limit, 1, MAX_LIMIT);
    CommandArguments.atLeast(spec, "--after-sequence", afterSequence, 0);
    try (ScheduleSession session = ScheduleSession.open(env, database, namespace)) {
      ScheduleHistoryPage page = session.schedules.history(scheduleId, limit, afterSequence);
      List<ScheduleAuditEvent> events = new ArrayList<>(page.events());
      while (all && page.hasMore()) {
        page = session.schedules.history(scheduleId, limit, page.nextCursor());
        events.addAll(page.events());
      }
      PrintWriter out = env.out();
      switch (format) {
        case JSONL -> events.forEach(e -> ScheduleText.jsonLine(out, e.toWire()));
        case JSON -> Json.print(out, envelope(session, events, page));
        default -> table(out, events, page);
      }
      out.flush();
      return 0;
    }
  }

  private Map<String, Object> envelope(
      ScheduleSession session, List<ScheduleAuditEvent> events, ScheduleHistoryPage last) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("schedule_id", scheduleId);
    json.put("namespace", session.schedules.namespace());
    json.put("events", events.stream().map(ScheduleAuditEvent::toWire).toList());
    json.put("next_cursor", last.nextCursor());
    json.put("has_more", last.hasMore());
    return json;
  }

  private void table(PrintWriter out, List<ScheduleAuditEvent> events, ScheduleHistoryPage last) {
    if (events.isEmpty()) {
      out.println("No events after sequence " + afterSequence + ".");
      return;
    }
    Table table = new Table("SEQ", "EVENT", "RECORDED AT", "WORKFLOW REFS", "DETAILS");
    for (ScheduleAuditEvent event : events) {
      table.row(
          event.sequence(),
          event.type().name(),
          event.recordedAt(),
          event.instanceId(),
          ScheduleText.details(event));
    }
    table.print(out);
    if (last.hasMore()) {
      out.printf(
          "More events available: --after-sequence %d for the next page, or --all.%n",
          last.nextCursor());
    }
  }

  /** Accepts table, json and jsonl in any case, naming the choices otherwise. */
  public static final class FormatConverter implements CommandLine.ITypeConverter<Format> {
    @Override
    public Format convert(String value) {
      try {
        return Format.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not an output format; use table, json or jsonl");
      }
    }
  }
}
