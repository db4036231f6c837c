package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.api.machine.DeployedDocuments;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code machine show NAME [VERSION] [-o yaml|json|mermaid]}: a deployed version's document as YAML
 * (default) or JSON — both deployable again — or its Mermaid diagram.
 */
@Command(
    name = "show",
    description =
        "Print a deployed version of a machine (default the newest): its document as YAML or JSON,"
            + " or its Mermaid state diagram.")
public final class MachineShowCommand implements Callable<Integer> {
  /** What {@code -o} prints. */
  enum Form {
    YAML,
    JSON,
    MERMAID
  }

  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;

  @Parameters(index = "0", paramLabel = "NAME", description = "the machine (order or @order)")
  String machine;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "VERSION",
      description = "the version to show (default: the newest deployed)")
  Integer version;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      defaultValue = "yaml",
      converter = FormConverter.class,
      description = "yaml (default), json or mermaid")
  Form form = Form.YAML;

  public MachineShowCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    if (version != null) {
      CommandArguments.atLeast(spec, "VERSION", version, 1);
    }
    String text;
    try (OpenDatabase opened = OpenDatabase.open(env, database)) {
      StoredDefinition shown = DeployedVersions.find(opened.store.definitions(), machine, version);
      text =
          switch (form) {
            case YAML -> DeployedDocuments.yaml(shown);
            case JSON -> DeployedDocuments.tree(shown).toPrettyString() + "\n";
            case MERMAID -> {
              Engine engine = opened.engine(env.machines());
              yield MermaidDiagram.of(engine.machines().shown(shown.machine(), shown.version()))
                  + "\n";
            }
          };
    }
    env.out().print(text);
    env.out().flush();
    return 0;
  }

  /** Accepts yaml/json/mermaid in any case, naming the choices otherwise. */
  static final class FormConverter implements ITypeConverter<Form> {
    @Override
    public Form convert(String value) {
      try {
        return Form.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            "'" + value + "' is not an output of machine show; use yaml, json or mermaid");
      }
    }
  }
}
