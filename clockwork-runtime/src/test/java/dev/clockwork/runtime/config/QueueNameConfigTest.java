package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@code queue.name}: the queue a machine's new instances are served from, inherited from the
 * system's block like every queue setting, {@code default} when no block names one; code wins.
 */
class QueueNameConfigTest {
  private static final Settings FILE =
      Settings.parse(
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
    assertThat(FILE.queue("report").name()).isEqualTo("reports");
    assertThat(FILE.queue("order").name()).isEqualTo("bulk");
    assertThat(FILE.queue("payment").name()).isEqualTo("bulk");
    assertThat(Settings.defaults().queue("order").name()).isEqualTo("default");
  }

  @Test
  void queueNamesSetInCodeWinOverTheFile() {
    Settings everyMachine = FILE.with(s -> s.queue(q -> q.name("code")));
    Settings oneMachine =
        FILE.with(
            s ->
                s.queue(q -> q.name("code")).machine("order", m -> m.queue(q -> q.name("orders"))));

    assertThat(everyMachine.queue("report").name()).isEqualTo("code");
    assertThat(oneMachine.queue("order").name()).isEqualTo("orders");
    assertThat(oneMachine.queue("report").name()).isEqualTo("code");
    assertThat(oneMachine.queue("order").concurrency()).isEqualTo(5);
  }

  @Test
  void aBlankNameIsRefusedWithItsLine() {
    assertThatThrownBy(
            () ->
                Settings.parse(
                    "machines:\n  report:\n    queue:\n      name: \"  \"\n", "clockwork.yaml"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("clockwork.yaml:4: machines.report.queue.name: must name a queue");
  }

  @Test
  void aNameWithSpacesAroundItIsRefusedInCode() {
    assertThatThrownBy(() -> FILE.with(s -> s.queue(q -> q.name(" bulk"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("settings in code:0: queue.name: must name a queue")
        .hasMessageContaining("with no spaces around it");
  }
}
