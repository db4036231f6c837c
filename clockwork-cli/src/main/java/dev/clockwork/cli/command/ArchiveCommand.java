package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.archive.ArchiveReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code clockwork archive read FILE}: what retention archived before it deleted. */
@Command(
    name = "archive",
    description = "Inspect the files retention archives finished instances and trimmed history to.",
    subcommands = {ArchiveCommand.Read.class, HelpCommand.class})
public final class ArchiveCommand {

  /** {@code clockwork archive read FILE}: one row per archived instance, or each line as JSON. */
  @Command(
      name = "read",
      description = {
        "Lists the instances of one archive file (<archive>/<machine>/<yyyy-MM-dd>.jsonl.gz):"
            + " id, status, active states, history rows (\"N trimmed\" for rows trimmed from a"
            + " running instance), created and finished. --output json"
            + " prints each line whole: the instance and its history. A file whose last batch"
            + " was cut short by a crash is read up to the cut, and says so."
      })
  public static final class Read implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin OutputOption output;

    @Parameters(paramLabel = "FILE", description = "an archive file (.jsonl.gz)")
    Path file;

    public Read(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() {
      PrintWriter out = env.out();
      List<Map<String, Object>> lines = new ArrayList<>();
      ArchiveReader.Summary summary;
      try {
        summary = ArchiveReader.read(file, lines::add);
      } catch (IOException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      if (output.json()) {
        lines.forEach(line -> Json.print(out, line));
      } else {
        Table table = new Table("INSTANCE", "STATUS", "ACTIVE", "HISTORY", "CREATED", "FINISHED");
        for (Map<String, Object> line : lines) {
          Map<?, ?> instance = (Map<?, ?>) line.get("instance");
          int rows = ((List<?>) line.get("history")).size();
          boolean trimmed = "trimmed".equals(line.get("reason"));
          table.row(
              instance.get("id"),
              instance.get("status"),
              String.join(", ", strings(instance.get("active"))),
              trimmed ? rows + " trimmed" : String.valueOf(rows),
              instance.get("createdAt"),
              trimmed ? "— (running)" : instance.get("updatedAt"));
        }
        table.print(out);
        out.println(lines.size() + (lines.size() == 1 ? " instance" : " instances"));
      }
      out.flush();
      if (!summary.complete()) {
        env.err().println("clockwork: " + file + ": " + summary.damage());
        env.err().flush();
      }
      return 0;
    }

    private static List<String> strings(Object list) {
      List<String> out = new ArrayList<>();
      ((List<?>) list).forEach(item -> out.add(String.valueOf(item)));
      return out;
    }
  }
}
