package dev.clockwork.runtime.instance;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the instance metadata suites share: a virtual clock, a store per test, engines over it, and
 * the machines they run. {@code report} runs until FINISH; {@code batch} starts a {@code report}
 * child and, on NOTIFY, emits to the {@code audit} instance of its conversation (created by the
 * emit). Subclass once per store; the schedules module's scheduled-run suites extend it too.
 */
public abstract class MetadataMachines {
  protected static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  protected static final MachineDefinition REPORT =
      Machine.define("report")
          .initial("running")
          .state("running", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();
  protected static final MachineDefinition AUDIT =
      Machine.define("audit").initial("open").state("open", s -> s.on("LOG", "open")).build();
  protected static final MachineDefinition BATCH =
      Machine.define("batch")
          .initial("working")
          .state(
              "working",
              s ->
                  s.invoke("report")
                      .on(
                          "NOTIFY",
                          t ->
                              t.action(x -> x.emitAsync(Target.machine("audit"), Event.of("LOG")))))
          .build();

  /** The machines' default queues: {@code report} has its own, the others the system's. */
  protected static final Settings ROUTED =
      Settings.parse(
          """
          queue:
            name: bulk
          machines:
            report:
              queue:
                name: reports
          """,
          "clockwork.yaml");

  protected VirtualClock clock;
  protected Store store;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void openStore() {
    clock = VirtualClock.at(T0);
    store = newStore();
  }

  /** An engine over the test's store and clock, with every machine, as {@code settings} says. */
  protected Engine engine(UnaryOperator<Engine.Builder> settings) {
    return settings
        .apply(Engine.builder().store(store).clock(clock).register(REPORT, AUDIT, BATCH))
        .build();
  }

  protected Engine engine() {
    return engine(b -> b);
  }
}
