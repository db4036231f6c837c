package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.error.CreationFailedException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A caller's mistake is refused up front, naming what is wrong. */
class EngineInputTest {
  private static final MachineDefinition JOB =
      Machine.define("job")
          .initial("idle")
          .state("idle", s -> s.on("GO", t -> t.to("done")))
          .state("done")
          .build();

  /** Its entry action needs an {@code amount} in its input. */
  private static final MachineDefinition BILL =
      Machine.define("bill")
          .initial("open")
          .state(
              "open",
              s -> s.entry(a -> a.set("due", ((Number) a.context().get("amount")).longValue() * 2)))
          .build();

  private final Engine engine = Engine.builder().register(JOB, BILL).build();

  @Test
  void anInstanceWhoseEntryActionFailsIsNotCreatedAndTheFailureIsNamed() {
    assertThatThrownBy(() -> engine.create(NewInstance.of("bill").id("b-1")))
        .isInstanceOf(CreationFailedException.class)
        .hasMessageContaining("instance 'b-1' of 'bill' could not start, and nothing was stored")
        .hasMessageContaining("NullPointerException")
        .hasCauseInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> engine.instances().get("b-1"))
        .isInstanceOf(UnknownInstanceException.class);
    assertThat(engine.create(NewInstance.of("bill").id("b-1").input(Map.of("amount", 3))).id())
        .isEqualTo("b-1");
  }

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
