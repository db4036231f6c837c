package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@code queue.name}: the queue a machine's new instances are served from, inherited from the
 * system's block like every queue setting, {@code default} when no block names one; code wins.
 */
class QueueNameConfigTest {
  private static final ClockworkConfig FILE =
      ClockworkConfig.parse(
          """
          queue:
            name: bulk
          machines:
            report:
              queue:
                name: reports
            order:
              queue:
                concurrency: 5
          """,
          "clockwork.yaml");

  @Test
  void aMachineNamesItsQueueOrInheritsTheSystems() {
    assertThat(FILE.queueFor("report").name()).isEqualTo("reports");
    assertThat(FILE.queueFor("order").name()).isEqualTo("bulk");
    assertThat(FILE.queueFor("payment").name()).isEqualTo("bulk");
    assertThat(ClockworkConfig.defaults().queueFor("order").name()).isEqualTo("default");
  }

  @Test
  void queueNamesSetInCodeWinOverTheFile() {
    EngineOptions everyMachine = EngineOptions.builder().queueName("code").build(FILE);
    EngineOptions oneMachine =
        EngineOptions.builder().queueName("code").queueName("order", "orders").build(FILE);

    assertThat(everyMachine.queueFor(FILE, "report").name()).isEqualTo("code");
    assertThat(oneMachine.queueFor(FILE, "order").name()).isEqualTo("orders");
    assertThat(oneMachine.queueFor(FILE, "report").name()).isEqualTo("code");
    assertThat(oneMachine.queueFor(FILE, "order").concurrency()).isEqualTo(5);
  }

  @Test
  void aBlankNameIsRefusedWithItsLine() {
    assertThatThrownBy(
            () ->
                ClockworkConfig.parse(
                    "machines:\n  report:\n    queue:\n      name: \"  \"\n", "clockwork.yaml"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("clockwork.yaml:4: machines.report.queue.name: must name a queue");
  }

  @Test
  void aNameWithSpacesAroundItIsRefusedInCode() {
    assertThatThrownBy(() -> EngineOptions.builder().queueName(" bulk"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("queueName ' bulk' has spaces around it");
  }
}
