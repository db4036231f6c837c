package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code machine list}: every machine with a deployed version, its newest and how many. */
@Command(
    name = "list",
    description =
        "Every machine with a deployed version: its newest, when that was deployed, and"
            + " how many versions are deployed.")
public final class MachineListCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  public MachineListCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      DefinitionStore definitions = opened.store.definitions();
      for (String machine : definitions.machines()) {
        List<StoredDefinition> versions = definitions.versions(machine);
        StoredDefinition newest = versions.get(0);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("machine", machine);
        row.put("newest_version", newest.version());
        row.put("deployed_at", newest.deployedAt());
        row.put("versions", versions.size());
        rows.add(row);
      }
    }
    if (output.json()) {
      Json.print(env.out(), rows);
      return 0;
    }
    if (rows.isEmpty()) {
      env.out()
          .println(
              "No machine is deployed yet: clockwork machine deploy FILE deploys one, and an"
                  + " engine deploys its machines when it starts.");
      env.out().flush();
      return 0;
    }
    Table table = new Table("Machine", "Newest", "Deployed at", "Versions");
    rows.forEach(
        row ->
            table.row(
                row.get("machine"),
                "v" + row.get("newest_version"),
                row.get("deployed_at"),
                row.get("versions")));
    table.print(env.out());
    env.out().flush();
    return 0;
  }
}
