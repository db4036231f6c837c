package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.api.machine.DeployedDocuments;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code machine deploy FILE...}: stores each machine file (YAML, or JSON) as its version, for
 * every engine on the database; an engine with every behaviour the machine names runs it (built-ins
 * need none), any other shows it. Files are deployed in order; the first mistake stops.
 */
@Command(
    name = "deploy",
    description = {
      "Deploy machines written as data (.yaml, .yml or .json) to the database: every engine on it"
          + " runs a deployed version when it has the behaviours it names, and shows it otherwise.",
      "A deployed version never changes: give a changed machine a new version."
    })
public final class MachineDeployCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "machine files, deployed in order")
  List<Path> files;

  public MachineDeployCommand(CliEnvironment env) {
    this.env = env;
  }

  /** One deployed file. */
  private record Row(Path file, StoredDefinition stored, boolean created) {
    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("file", file.toString());
      json.put("machine", stored.machine());
      json.put("version", stored.version());
      json.put("digest", stored.digest());
      json.put("deployed_at", stored.deployedAt());
      json.put("created", created);
      return json;
    }
  }

  @Override
  public Integer call() {
    List<String> texts = new ArrayList<>();
    for (Path file : files) {
      texts.add(read(file));
    }
    List<Row> rows = new ArrayList<>();
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      Engine engine = opened.engine(env.machines());
      for (int i = 0; i < files.size(); i++) {
        rows.add(deploy(engine, files.get(i), texts.get(i), rows));
      }
    }
    if (output.json()) {
      Json.print(env.out(), rows.stream().map(Row::json).toList());
      return 0;
    }
    Table table = new Table("File", "Machine", "Version", "Digest", "Result");
    for (Row row : rows) {
      table.row(
          row.file(),
          row.stored().machine(),
          row.stored().version(),
          row.stored().digest().substring(0, 12),
          row.created() ? "deployed" : "already deployed, unchanged");
    }
    table.print(env.out());
    env.out().flush();
    return 0;
  }

  private static Row deploy(Engine engine, Path file, String text, List<Row> done) {
    String name = file.getFileName().toString();
    boolean existed = DeployedDocuments.isDeployed(engine.machines(), text);
    try {
      return new Row(file, engine.machines().deploy(name, text), !existed);
    } catch (DefinitionFormatException e) {
      throw new ClockworkException(e.getMessage() + deployedBefore(done));
    } catch (DefinitionConflictException e) {
      throw new ClockworkException(
          name
              + ": "
              + e.getMessage()
              + " (raise version: in "
              + file
              + "; clockwork machine list shows the newest)"
              + deployedBefore(done));
    }
  }

  private static String deployedBefore(List<Row> done) {
    return done.isEmpty()
        ? ""
        : "; deployed before it: "
            + String.join(", ", done.stream().map(row -> row.file().toString()).toList());
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ClockworkException("no machine file " + file + ": check the path");
    } catch (IOException e) {
      throw new ClockworkException("cannot read the machine file " + file + ": " + e.getMessage());
    }
  }
}
