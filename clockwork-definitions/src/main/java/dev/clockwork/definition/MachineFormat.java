package dev.clockwork.definition;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.read.MachineReader;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.TreeParser;
import dev.clockwork.definition.tree.TreeProblem;
import dev.clockwork.definition.write.DefinitionExportException;
import dev.clockwork.definition.write.MachineWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads and writes machines as data, in YAML or JSON:
 *
 * <pre>{@code
 * MachineDefinition order = MachineFormat.yaml().read("order.yaml", text, behaviors);
 * MachineDefinition same = MachineFormat.read(Path.of("machines/order.yaml"), behaviors);
 * String json = MachineFormat.json().write(order);
 * }</pre>
 *
 * The format, described by {@code dev/clockwork/definition/machine.schema.json}: the machine's
 * {@code id}, {@code initial} and {@code states}; each state's {@code on} maps an event to a target
 * or to a transition with {@code target}, {@code guards}, {@code actions} and a timer ({@code
 * after: 7 days}, {@code every: 6 hours} with {@code max}/{@code then}, {@code at}, {@code cycle},
 * {@code cron}). Behaviours are named and resolved in the {@link Behaviors} given; an unknown name,
 * an unknown key or any other mistake is a {@link DefinitionFormatException}.
 */
public final class MachineFormat {
  /** The JSON Schema of the format, as a class-path resource. */
  public static final String SCHEMA_RESOURCE = "/dev/clockwork/definition/machine.schema.json";

  private static final MachineFormat YAML =
      new MachineFormat(
          new YAMLFactory(),
          new ObjectMapper(
                  YAMLFactory.builder()
                      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                      .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                      .build())
              .writer());
  private static final MachineFormat JSON =
      new MachineFormat(new JsonFactory(), new ObjectMapper().writerWithDefaultPrettyPrinter());

  private final TreeParser parser;
  private final ObjectWriter writer;

  private MachineFormat(JsonFactory factory, ObjectWriter writer) {
    this.parser = new TreeParser(factory);
    this.writer = writer;
  }

  /** The YAML form (YAML 1.1, as Jackson reads it). */
  public static MachineFormat yaml() {
    return YAML;
  }

  /** The JSON form. */
  public static MachineFormat json() {
    return JSON;
  }

  /**
   * Reads a file: {@code .json} as JSON, anything else ({@code .yaml}, {@code .yml}) as YAML;
   * errors name the file by its name.
   */
  public static MachineDefinition read(Path file, Behaviors behaviors) {
    String name = file.getFileName().toString();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the machine file " + file, e);
    }
    boolean json = name.toLowerCase(Locale.ROOT).endsWith(".json");
    return (json ? JSON : YAML).read(name, text, behaviors);
  }

  /**
   * Writes {@code definition} in this form, in the keys {@link #read} reads: reading the text back
   * with the same behaviours gives a machine that behaves the same. Behaviours are written by the
   * names they were given (in {@link Behaviors} or as built-ins such as {@code {raise: X}}).
   *
   * @throws DefinitionExportException naming the path of a guard, action, timer value or child
   *     input given as a lambda, which has no name to write
   */
  public String write(MachineDefinition definition) {
    Objects.requireNonNull(definition, "definition");
    return text(definition, MachineWriter.write(definition));
  }

  /**
   * The document a node deploys for {@code definition}: what {@link #write} gives, with the parts
   * that are code (lambdas, validators) marked {@code code:<path>} and listed under {@code
   * requires} instead of refused. A node that registers the machine in Java runs its code; any
   * other reads the document to show the machine and knows it cannot run it.
   */
  public String writeDeployed(MachineDefinition definition) {
    Objects.requireNonNull(definition, "definition");
    return text(definition, MachineWriter.writeDeployed(definition));
  }

  private String text(MachineDefinition definition, Map<String, Object> data) {
    try {
      return writer.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write machine " + definition.id(), e);
    }
  }

  /**
   * Reads one machine from {@code text}.
   *
   * @param source the name errors give the text, e.g. its file name
   * @param behaviors where named guards, actions and timer values are found
   * @throws DefinitionFormatException naming the source, line, column, path and fix of a mistake
   */
  public MachineDefinition read(String source, String text, Behaviors behaviors) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(behaviors, "behaviors");
    try {
      SourceNode root = parser.parse(text);
      return MachineReader.read(root, behaviors);
    } catch (TreeProblem problem) {
      throw new DefinitionFormatException(
          source,
          problem.location().line(),
          problem.location().column(),
          problem.path(),
          problem.getMessage());
    }
  }
}
