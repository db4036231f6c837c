package dev.clockwork.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --namespace}: the namespace a {@code schedules} command works in. Without the flag, the
 * configured one: {@code $CLOCKWORK_NAMESPACE}, then {@code schedules.namespace} of the config file
 * ({@code --config}, or {@code ./clockwork.yaml}), then {@code default}.
 */
public final class ScheduleNamespace {
  static final String VARIABLE = "CLOCKWORK_NAMESPACE";
  static final String DEFAULT = "default";

  @Option(
      names = {"-n", "--namespace"},
      paramLabel = "NAMESPACE",
      description =
          "the schedules' namespace (default: $CLOCKWORK_NAMESPACE, then schedules.namespace in"
              + " clockwork.yaml, then default)")
  String namespace;

  /**
   * The namespace the engines default to (it shapes instance ids) and the one this command works
   * in.
   */
  record Resolved(String configured, String chosen) {}

  Resolved resolve(CliEnvironment env, Path config) {
    String configured = configured(env, config);
    return new Resolved(configured, namespace != null ? namespace : configured);
  }

  private static String configured(CliEnvironment env, Path config) {
    String variable = env.environment().get(VARIABLE);
    if (variable != null && !variable.isBlank()) {
      return variable.trim();
    }
    Path file = config != null ? config : Path.of("clockwork.yaml");
    if (!Files.exists(file)) {
      return DEFAULT;
    }
    JsonNode root;
    try {
      root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    } catch (IOException e) {
      throw new ClockworkException("cannot read " + file + ": " + e.getMessage(), e);
    }
    JsonNode value = root == null ? null : root.path("schedules").get("namespace");
    return value == null || value.isNull() || value.asText().isBlank()
        ? DEFAULT
        : value.asText().trim();
  }
}
