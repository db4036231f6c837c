package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.runtime.config.Settings;
import picocli.CommandLine.Option;

/**
 * {@code --namespace}: the namespace a {@code schedules} command works in. Without the flag, the
 * configured one: {@code $CLOCKWORK_NAMESPACE}, then {@code schedules.namespace} of the config file
 * ({@code --config}, or {@code ./clockwork.yaml}), then {@code default}.
 */
public final class ScheduleNamespace {
  static final String VARIABLE = "CLOCKWORK_NAMESPACE";

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

  Resolved resolve(CliEnvironment env, Settings config) {
    String variable = env.environment().get(VARIABLE);
    String configured =
        variable != null && !variable.isBlank() ? variable.trim() : config.scheduleNamespace();
    return new Resolved(configured, namespace != null ? namespace : configured);
  }
}
