package dev.clockwork.spring.boot.properties;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The schedules ({@code clockwork.schedules.*}).
 *
 * @param namespace the namespace schedules are created in
 * @param tickInterval how often the workers evaluate due schedules
 * @param definitions schedules created (or updated) when the application starts, by id
 */
public record ScheduleProperties(
    String namespace,
    @DefaultValue("1s") Duration tickInterval,
    Map<String, Definition> definitions) {

  public ScheduleProperties {
    definitions = definitions == null ? Map.of() : Map.copyOf(definitions);
  }

  /**
   * One declared schedule: what it does (start {@code machine} with {@code input}, or send {@code
   * event} to {@code instanceId}) and when (cron expressions, intervals, or both).
   *
   * @param machine the machine each occurrence starts
   * @param input the input of each started instance
   * @param instanceId the instance each occurrence sends {@code event} to
   * @param event the event sent
   * @param cron cron expressions (5 or 6 fields)
   * @param interval ISO 8601 or worded intervals ({@code PT1H}, {@code 15 minutes})
   * @param timezone the cron expressions' zone
   * @param overlapPolicy what an occurrence does while the previous run is still going
   * @param queue the queue the started instances are served from
   */
  public record Definition(
      String machine,
      Map<String, String> input,
      String instanceId,
      String event,
      List<String> cron,
      List<String> interval,
      String timezone,
      String overlapPolicy,
      String queue) {

    public Definition {
      input = input == null ? Map.of() : Map.copyOf(input);
      cron = cron == null ? List.of() : List.copyOf(cron);
      interval = interval == null ? List.of() : List.copyOf(interval);
    }
  }
}
