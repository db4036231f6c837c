package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Parallel dispatch set in code and in the file: code, then the file's machine block, then its
 * system block, then the defaults, key by key.
 */
class ParallelDispatchSettingsTest {
  private static final ClockworkConfig FILE =
      ClockworkConfig.parse(
          """
          parallel_dispatch:
            enabled: true
            job_tries: 5
            lock_timeout: 10 seconds
          machines:
            order:
              parallel_dispatch:
                queue: orders
                job_backoff: 5 seconds
          """,
          "clockwork.yaml");

  @Test
  void withoutCodeTheFileApplies() {
    EngineOptions options = EngineOptions.builder().build(FILE);
    assertThat(options.parallelDispatchFor(FILE, "order"))
        .isEqualTo(FILE.parallelDispatch("order"));
    assertThat(options.parallelDispatchFor(FILE, "payment")).isEqualTo(FILE.parallelDispatch());
    EngineOptions defaults = EngineOptions.builder().build();
    assertThat(defaults.parallelDispatchFor(ClockworkConfig.defaults(), "order"))
        .isEqualTo(ParallelDispatchConfig.DEFAULT);
  }

  @Test
  void codeForEveryMachineWinsOverBothBlocksForTheKeysItSets() {
    EngineOptions options =
        EngineOptions.builder()
            .parallelDispatch(p -> p.withJobTries(8).withEnabled(false))
            .build(FILE);
    ParallelDispatchConfig order = options.parallelDispatchFor(FILE, "order");
    assertThat(order.jobTries()).isEqualTo(8);
    assertThat(order.enabled()).isFalse();
    assertThat(order.queue()).isEqualTo("orders");
    assertThat(order.jobBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(order.lockTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(options.parallelDispatchFor(FILE, "payment").jobTries()).isEqualTo(8);
  }

  @Test
  void codeForOneMachineWinsOverTheFileAndOverCodeForEveryMachine() {
    EngineOptions options =
        EngineOptions.builder()
            .parallelDispatch(p -> p.withJobTries(8))
            .parallelDispatch("order", p -> p.withJobTries(2).withQueue(null))
            .parallelDispatch("order", p -> p.withRegionTimeout(Duration.ofMinutes(2)))
            .build(FILE);
    ParallelDispatchConfig order = options.parallelDispatchFor(FILE, "order");
    assertThat(order.jobTries()).isEqualTo(2);
    assertThat(order.queue()).isNull();
    assertThat(order.regionTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(order.jobBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(order.enabled()).isTrue();
    ParallelDispatchConfig payment = options.parallelDispatchFor(FILE, "payment");
    assertThat(payment.jobTries()).isEqualTo(8);
    assertThat(payment.regionTimeout()).isZero();
  }

  @Test
  void aWholeRecordInCodeReplacesTheFilesBlocks() {
    ParallelDispatchConfig mine =
        ParallelDispatchConfig.DEFAULT.withEnabled(true).withJobTimeout(Duration.ofMinutes(1));
    EngineOptions options =
        EngineOptions.builder()
            .parallelDispatch(mine)
            .parallelDispatch("report", p -> p.withEnabled(false))
            .build(FILE);
    assertThat(options.parallelDispatchFor(FILE, "order")).isEqualTo(mine);
    assertThat(options.parallelDispatchFor(FILE, "payment")).isEqualTo(mine);
    assertThat(options.parallelDispatchFor(FILE, "report")).isEqualTo(mine.withEnabled(false));
  }

  @Test
  void laterBuilderCallsDoNotChangeBuiltOptions() {
    EngineOptions.Builder builder =
        EngineOptions.builder().parallelDispatch(p -> p.withJobTries(4));
    EngineOptions built = builder.build(FILE);
    builder.parallelDispatch("order", p -> p.withJobTries(9));
    assertThat(built.parallelDispatchFor(FILE, "order").jobTries()).isEqualTo(4);
  }

  @Test
  void anInvalidValueFromCodeFailsWhenTheOptionsAreBuiltNamingTheMachine() {
    assertThatThrownBy(
            () ->
                EngineOptions.builder()
                    .parallelDispatch("order", p -> p.withJobTries(0))
                    .build(FILE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "parallel dispatch settings of machine 'order' set in code: jobTries must be 1 or"
                + " more, not 0");
    assertThatThrownBy(() -> EngineOptions.builder().parallelDispatch(p -> null).build(FILE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("returned null");
  }
}
