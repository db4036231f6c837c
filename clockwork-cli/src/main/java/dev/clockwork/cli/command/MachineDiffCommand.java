package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.api.machine.DeployedDocuments;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code machine diff NAME V1 V2}: what changed from one deployed version to another. */
@Command(
    name = "diff",
    description =
        "Print what changed between two deployed versions of a machine: a unified diff of their"
            + " documents rendered as YAML.")
public final class MachineDiffCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(index = "0", paramLabel = "NAME", description = "the machine (order or @order)")
  String machine;

  @Parameters(index = "1", paramLabel = "V1", description = "the version to diff from")
  int from;

  @Parameters(index = "2", paramLabel = "V2", description = "the version to diff to")
  int to;

  public MachineDiffCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    CommandArguments.atLeast(spec, "V1", from, 1);
    CommandArguments.atLeast(spec, "V2", to, 1);
    String diff;
    StoredDefinition older;
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      DefinitionStore definitions = opened.store.definitions();
      older = DeployedVersions.find(definitions, machine, from);
      diff = DeployedDocuments.diff(older, DeployedVersions.find(definitions, machine, to));
    }
    if (output.json()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("machine", older.machine());
      json.put("from", from);
      json.put("to", to);
      json.put("diff", diff);
      Json.print(env.out(), json);
      return 0;
    }
    if (diff.isEmpty()) {
      env.out().printf("%s v%d and v%d have the same document%n", older.machine(), from, to);
    } else {
      env.out().print(diff);
    }
    env.out().flush();
    return 0;
  }
}
