package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Stored ids ({@code namespace + U+001F + id}, {@link NamespacedIds}) stay internal: no view — the
 * default one included — takes one as an id, so none reaches into another namespace; Clockwork's
 * own modules that keep stored ids reach the instance through {@code Admin.namespaceOfStoredId}.
 * Subclass once per store.
 */
public abstract class StoredIdContractTest {
  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("open")
          .state("open", s -> s.on("NOTE", t -> t.action(x -> x.set("noted", true))))
          .build();

  private Engine engine;
  private Namespace a;
  private Namespace b;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void openEngine() {
    engine = Engine.builder().store(newStore()).clock(VirtualClock.at(T0)).register(ORDER).build();
    a = engine.namespace("tenant-a");
    b = engine.namespace("tenant-b");
  }

  @Test
  void anIdHoldingTheSeparatorNamesNothingInAnotherNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");

    assertThatThrownBy(() -> b.instances().get(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("U+001F");
    assertThatThrownBy(() -> a.create(NewInstance.of("order").id("y" + NamespacedIds.SEPARATOR)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character");
    // nor does the default namespace reach into another one by a stored id
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id(stored)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character");
    assertThatThrownBy(
            () ->
                engine.create(
                    NewInstance.of("order").id(NamespacedIds.stored("tenant-b", "squat"))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(b.instances().statuses(List.of("squat"))).isEmpty();
  }

  @Test
  void theDefaultViewRefusesAStoredIdOfAnotherNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");
    String refusal = "instance id holds the control character U+001F at index 8";

    assertThatThrownBy(() -> engine.instances().get(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.send(EventRequest.to(stored, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.enqueue(EventRequest.to(stored, Event.of("NOTE"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.instances().cancel(stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.instances().history(HistoryQuery.all(stored)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(refusal);
    assertThatThrownBy(() -> engine.instances().get("x\u0007"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character U+0007");
    assertThat(a.instances().get("x").context()).doesNotContainKey("noted");
  }

  @Test
  void internalsReachAnInstanceByItsStoredIdThroughItsNamespace() {
    a.create(NewInstance.of("order").id("x"));
    String stored = NamespacedIds.stored("tenant-a", "x");

    Namespace holder = engine.admin().namespaceOfStoredId(stored);
    holder.send(EventRequest.to(NamespacedIds.idOf(stored), Event.of("NOTE")));

    assertThat(holder.name()).isEqualTo("tenant-a");
    assertThat(a.instances().get("x").context()).containsEntry("noted", true);
    assertThat(engine.admin().namespaceOfStoredId("order-1").name())
        .isEqualTo(NamespacedIds.DEFAULT);
  }
}
