package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A caller's mistake is refused up front, naming what is wrong. */
class EngineInputTest {
  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("idle")
          .state("idle", s -> s.on("GO", t -> t.to("done")))
          .state("done")
          .build();

  private final Engine engine = Engine.builder().register(JOB).build();

  @Test
  void enqueueWithoutAnEventNamesIt() {
    engine.create(NewInstance.of("job").id("job-1"));
    assertThatThrownBy(() -> engine.enqueue("job-1", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("event");
  }

  @Test
  void aWorkerTaskNeedsAPositiveInterval() {
    assertThatThrownBy(() -> engine.tasks().addWorkerTask("tick", Duration.ZERO, () -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("worker task 'tick' needs a positive interval");
  }

  @Test
  void anEngineDurationThatIsMissingOrNotPositiveIsNamed() {
    assertThatThrownBy(
            () ->
                Engine.builder().settings(s -> s.workers(w -> w.leaseTime(Duration.ZERO))).build())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("settings in code")
        .hasMessageContaining("workers.lease_time: must be a positive duration");
    assertThatThrownBy(
            () -> Engine.builder().settings(s -> s.workers(w -> w.shutdownTimeout(null))))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("shutdownTimeout");
  }
}
