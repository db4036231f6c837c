package dev.clockwork.examples.queues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.Settings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The README's {@code parallel_dispatch} example: the file, then code over it. */
class ParallelDispatchConfigExampleTest {

  // snippet:start parallel-dispatch-config
  static final String PARALLEL_DISPATCH_YAML =
      """
      parallel_dispatch:          # every machine
        enabled: true
        queue: regions            # leave out (or write null) for the default queue
        job_tries: 3
        job_backoff: 30 seconds
      machines:
        order:
          parallel_dispatch:      # merged over the block above, key by key
            job_timeout: PT2M     # ISO 8601 works too
            region_timeout: 600   # a bare number is seconds
        report:
          parallel_dispatch:
            enabled: false
      """;

  // snippet:end parallel-dispatch-config

  @Test
  void theFileMergesMachineBlocksOverTheSystemBlock() {
    Settings file = Settings.parse(PARALLEL_DISPATCH_YAML, "clockwork.yaml");
    ParallelDispatchConfig order = file.parallelDispatch("order");
    assertThat(order.enabled()).isTrue();
    assertThat(order.queue()).isEqualTo("regions");
    assertThat(order.jobTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(order.regionTimeout()).isEqualTo(Duration.ofMinutes(10));
    assertThat(file.parallelDispatch("report").enabled()).isFalse();
    assertThat(file.parallelDispatch("report").queue()).isEqualTo("regions");
  }

  @Test
  void codeWinsOverTheFile() {
    // snippet:start parallel-dispatch-code
    Engine engine =
        Engine.builder()
            .config(Settings.parse(PARALLEL_DISPATCH_YAML, "clockwork.yaml"))
            .settings(
                s ->
                    s.parallelDispatch(p -> p.jobBackoff(Duration.ofSeconds(10))) // every machine
                        // and one machine
                        .machine("order", m -> m.parallelDispatch(p -> p.jobTries(5))))
            .build();
    ParallelDispatchConfig order = engine.settings().parallelDispatch("order");
    // enabled, queue regions, 5 tries 10 s apart, 2-minute attempts, region_timeout 10 minutes
    // snippet:end parallel-dispatch-code
    assertThat(order)
        .isEqualTo(
            ParallelDispatchConfig.DEFAULT
                .withEnabled(true)
                .withQueue("regions")
                .withJobTries(5)
                .withJobBackoff(Duration.ofSeconds(10))
                .withJobTimeout(Duration.ofMinutes(2))
                .withRegionTimeout(Duration.ofMinutes(10)));
    assertThat(engine.settings().parallelDispatch("report").jobTries()).isEqualTo(3);
  }
}
