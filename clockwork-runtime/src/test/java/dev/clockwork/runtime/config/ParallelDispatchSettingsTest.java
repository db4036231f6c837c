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
  private static final Settings FILE =
      Settings.parse(
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
    Settings settings = FILE.with(s -> {});
    assertThat(settings.parallelDispatch("order")).isEqualTo(FILE.parallelDispatch("order"));
    assertThat(settings.parallelDispatch("payment")).isEqualTo(FILE.parallelDispatch());
    Settings defaults = Settings.defaults().with(s -> {});
    assertThat(defaults.parallelDispatch("order")).isEqualTo(ParallelDispatchConfig.DEFAULT);
  }

  @Test
  void codeForEveryMachineWinsOverBothBlocksForTheKeysItSets() {
    Settings settings = FILE.with(s -> s.parallelDispatch(p -> p.jobTries(8).enabled(false)));
    ParallelDispatchConfig order = settings.parallelDispatch("order");
    assertThat(order.jobTries()).isEqualTo(8);
    assertThat(order.enabled()).isFalse();
    assertThat(order.queue()).isEqualTo("orders");
    assertThat(order.jobBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(order.lockTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(settings.parallelDispatch("payment").jobTries()).isEqualTo(8);
  }

  @Test
  void codeForOneMachineWinsOverTheFileAndOverCodeForEveryMachine() {
    Settings settings =
        FILE.with(
            s ->
                s.parallelDispatch(p -> p.jobTries(8))
                    .machine("order", m -> m.parallelDispatch(p -> p.jobTries(2).queue(null)))
                    .machine(
                        "order",
                        m -> m.parallelDispatch(p -> p.regionTimeout(Duration.ofMinutes(2)))));
    ParallelDispatchConfig order = settings.parallelDispatch("order");
    assertThat(order.jobTries()).isEqualTo(2);
    assertThat(order.queue()).isNull();
    assertThat(order.regionTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(order.jobBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(order.enabled()).isTrue();
    ParallelDispatchConfig payment = settings.parallelDispatch("payment");
    assertThat(payment.jobTries()).isEqualTo(8);
    assertThat(payment.regionTimeout()).isZero();
  }

  @Test
  void aWholeRecordInCodeReplacesTheFilesBlocks() {
    ParallelDispatchConfig mine =
        ParallelDispatchConfig.DEFAULT.withEnabled(true).withJobTimeout(Duration.ofMinutes(1));
    Settings settings =
        FILE.with(
            s ->
                s.parallelDispatch(mine)
                    .machine("report", m -> m.parallelDispatch(p -> p.enabled(false))));
    assertThat(settings.parallelDispatch("order")).isEqualTo(mine);
    assertThat(settings.parallelDispatch("payment")).isEqualTo(mine);
    assertThat(settings.parallelDispatch("report")).isEqualTo(mine.withEnabled(false));
  }

  @Test
  void laterBuilderCallsDoNotChangeResolvedSettings() {
    SettingsBuilder builder = new SettingsBuilder().parallelDispatch(p -> p.jobTries(4));
    Settings built = FILE.with(builder);
    builder.machine("order", m -> m.parallelDispatch(p -> p.jobTries(9)));
    assertThat(built.parallelDispatch("order").jobTries()).isEqualTo(4);
  }

  @Test
  void anInvalidValueFromCodeFailsWhenTheSettingsAreResolvedNamingTheMachine() {
    assertThatThrownBy(
            () -> FILE.with(s -> s.machine("order", m -> m.parallelDispatch(p -> p.jobTries(0)))))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "settings in code:0: machines.order.parallel_dispatch.job_tries: must be 1 or more,"
                + " got 0");
    assertThatThrownBy(() -> FILE.with(s -> s.parallelDispatch((ParallelDispatchConfig) null)))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("parallelDispatch");
  }
}
