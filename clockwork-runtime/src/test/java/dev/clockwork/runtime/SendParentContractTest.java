package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.definition.MachineFormat;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code sendParent} built-in of machine files ({@code Target.parent()}) against every store: a
 * child machine's action queues an event for the instance that invoked it, which handles it like
 * any other event; an instance no state invoked cannot send to a parent. Subclass once per store.
 */
public abstract class SendParentContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  private static final String JOB =
      """
      id: job
      initial: running
      context: {started: false}
      states:
        running:
          invoke: worker
          on:
            STARTED: {actions: {assign: {started: true}}}
            PROGRESS: {actions: {assign: {step: {fromEvent: step}}}}
            '@done': finished
        finished: {type: final}
      """;

  private static final String WORKER =
      """
      id: worker
      initial: working
      states:
        working:
          entry: {sendParent: STARTED}
          on:
            STEP: {actions: {sendParent: {event: PROGRESS, payload: {step: 2}}}}
            FINISH: done
        done: {type: final}
      """;

  private Store store;
  private Engine engine;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void openEngine() {
    MachineDefinition job = MachineFormat.yaml().read("job.yaml", JOB, Behaviors.none());
    MachineDefinition worker = MachineFormat.yaml().read("worker.yaml", WORKER, Behaviors.none());
    store = newStore();
    engine = Engine.builder().store(store).clock(VirtualClock.at(T0)).register(job, worker).build();
  }

  private String childOf(String parent) {
    String prefix = engine.instances().get(parent).id() + "/running#";
    return store.instances().instanceIds("worker").stream()
        .filter(id -> id.startsWith(prefix))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no worker started by " + parent));
  }

  @Test
  void theParentReceivesTheChildsEventsWithTheirPayload() {
    engine.create(NewInstance.of("job").id("j-1"));
    assertThat(engine.instances().get("j-1").context().get("started")).isEqualTo(false);
    engine.runDue();
    assertThat(engine.instances().get("j-1").context().get("started")).isEqualTo(true);

    String child = childOf("j-1");
    engine.send(child, Event.of("STEP"));
    assertThat(engine.instances().get("j-1").context().get("step")).isNull();
    engine.runDue();
    assertThat(((Number) engine.instances().get("j-1").context().get("step")).intValue())
        .isEqualTo(2);
    assertThat(engine.instances().get("j-1").states()).containsExactly("running");

    engine.send(child, Event.of("FINISH"));
    engine.runDue();
    assertThat(engine.instances().get("j-1").states()).containsExactly("finished");
  }

  @Test
  void anInstanceNoStateInvokedHasNoParentToSendTo() {
    assertThatThrownBy(() -> engine.create(NewInstance.of("worker").id("w-1")))
        .hasMessageContaining("'w-1' sent an event to its parent, and it has none")
        .hasMessageContaining("run this machine as a child");
    assertThat(store.instances().find("w-1")).isEmpty();
  }
}
