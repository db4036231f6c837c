package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.GuardScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What guards and actions of an instance in a namespace see: its plain id and its namespace, never
 * the stored id ({@code namespace + U+001F + id}) — at creation, on a direct send and on a queued
 * event. Subclass once per store.
 */
public abstract class NamespaceScopeContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  /** What every guard saw, as "id|namespace" (guards cannot write the context). */
  private final List<String> guardsSaw = new CopyOnWriteArrayList<>();

  private Engine engine;

  /** An empty store for each test. */
  protected abstract Store newStore();

  private static String seen(GuardScope scope) {
    return scope.instanceId() + "|" + scope.namespace();
  }

  private MachineDefinition probe() {
    return Machine.define("probe")
        .initial("open")
        .state(
            "open",
            s ->
                s.entry(x -> x.set("created", seen(x)))
                    .on(
                        "LOOK",
                        t ->
                            t.guard(g -> guardsSaw.add(seen(g)))
                                .action(
                                    x -> x.set(x.event().payload().get("as").toString(), seen(x)))))
        .build();
  }

  @BeforeEach
  void openEngine() {
    engine =
        Engine.builder().store(newStore()).clock(VirtualClock.at(T0)).register(probe()).build();
  }

  private static Event look(String as) {
    return Event.of("LOOK", Map.of("as", as));
  }

  @Test
  void guardsAndActionsInANamespaceSeeThePlainIdAndTheNamespace() {
    Namespace a = engine.namespace("tenant-a");
    a.create(NewInstance.of("probe").id("p-1"));
    a.send(EventRequest.to("p-1", look("sent")));
    a.enqueue(EventRequest.to("p-1", look("queued")));
    engine.runDue();

    assertThat(a.instances().get("p-1").context())
        .containsEntry("created", "p-1|tenant-a")
        .containsEntry("sent", "p-1|tenant-a")
        .containsEntry("queued", "p-1|tenant-a");
    assertThat(guardsSaw).containsExactly("p-1|tenant-a", "p-1|tenant-a");
  }

  @Test
  void guardsAndActionsInTheDefaultNamespaceSeeTheIdAndDefault() {
    engine.create(NewInstance.of("probe").id("p-1"));
    engine.send(EventRequest.to("p-1", look("sent")));

    assertThat(engine.instances().get("p-1").context())
        .containsEntry("created", "p-1|default")
        .containsEntry("sent", "p-1|default");
    assertThat(guardsSaw).containsExactly("p-1|default");
  }
}
