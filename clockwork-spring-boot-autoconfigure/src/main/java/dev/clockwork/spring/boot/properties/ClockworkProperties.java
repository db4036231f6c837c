package dev.clockwork.spring.boot.properties;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code clockwork.*} properties: the keys of {@code clockwork.yaml} under the {@code
 * clockwork} prefix (Spring's relaxed binding takes {@code max_attempts} and {@code max-attempts}
 * alike), read through the same checks as the file. Unset keys take the file's defaults. Durations
 * take the seed's words ({@code 30 seconds}), ISO 8601 ({@code PT30S}) or Spring's ({@code 30s}).
 *
 * @param enabled whether Clockwork is auto-configured at all
 * @param system the system's name
 * @param queue the queue settings every machine starts from
 * @param parallelDispatch the parallel dispatch settings every machine starts from
 * @param machines per machine, overrides merged key by key over the system's blocks
 * @param timers the timer and backpressure settings
 * @param schedules the schedules' namespace, tick and declared schedules
 * @param workers the worker threads, leases and queues of this node
 * @param database what Clockwork does with the application's DataSource
 * @param retention how long what the engine stores is kept
 * @param server Clockwork's own HTTP API and dashboard, on a port of its own
 */
@ConfigurationProperties("clockwork")
public record ClockworkProperties(
    @DefaultValue("true") boolean enabled,
    String system,
    @NestedConfigurationProperty QueueProperties queue,
    @NestedConfigurationProperty ParallelDispatchProperties parallelDispatch,
    Map<String, MachineProperties> machines,
    @NestedConfigurationProperty TimerProperties timers,
    @DefaultValue @NestedConfigurationProperty ScheduleProperties schedules,
    @DefaultValue @NestedConfigurationProperty WorkerProperties workers,
    @DefaultValue @NestedConfigurationProperty DatabaseProperties database,
    @NestedConfigurationProperty RetentionProperties retention,
    @DefaultValue @NestedConfigurationProperty ServerProperties server) {

  public ClockworkProperties {
    machines = machines == null ? Map.of() : Map.copyOf(machines);
  }

  /**
   * One machine's overrides ({@code clockwork.machines.<id>.*}).
   *
   * @param queue its queue settings, merged over {@code clockwork.queue}
   * @param parallelDispatch its parallel dispatch, merged over {@code clockwork.parallel-dispatch}
   * @param retention its retention, merged over {@code clockwork.retention}
   */
  public record MachineProperties(
      QueueProperties queue,
      ParallelDispatchProperties parallelDispatch,
      RetentionProperties retention) {}

  /**
   * The {@code timers} block.
   *
   * @param batchSize due instances per {@code runDue()} round
   * @param backpressureThreshold pending events above which timers wait
   * @param sweepInterval how often workers run the self-healing pass
   */
  public record TimerProperties(
      Integer batchSize, Long backpressureThreshold, Duration sweepInterval) {}

  /**
   * What Clockwork does with the application's DataSource.
   *
   * @param migrate whether Clockwork migrates its own tables at start (under its own history table,
   *     {@code clockwork_schema_history}); off for teams that migrate with the CLI
   */
  public record DatabaseProperties(@DefaultValue("true") boolean migrate) {}
}
