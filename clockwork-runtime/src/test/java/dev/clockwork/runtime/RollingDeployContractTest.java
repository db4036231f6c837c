package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownVersionException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A rolling deploy: nodes that know only version 1 of a machine beside nodes that know versions 1
 * and 2, on one store. An instance is run only by a node that knows its version: an old node never
 * runs a version-2 instance with version 1's definition (nor writes it back as version 1), and a
 * new node runs version-1 instances as version 1 until they are upgraded. Subclass once per store.
 */
public abstract class RollingDeployContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static MachineDefinition version(int version) {
    return Machine.define("counter")
        .version(version)
        .initial("open")
        .state("open", s -> s.on("TICK", t -> t.action(x -> x.set("ranBy", "version " + version))))
        .build();
  }

  private VirtualClock clock;
  private Store store;
  private Engine oldNode;
  private Engine newNode;

  protected abstract Store newStore();

  @BeforeEach
  void nodes() {
    clock = VirtualClock.at(T0);
    store = newStore();
    oldNode = node("old", version(1));
    newNode = node("new", version(1), version(2));
  }

  private Engine node(String owner, MachineDefinition... versions) {
    return Engine.builder()
        .store(store)
        .clock(clock)
        .register(versions)
        .settings(s -> s.workers(w -> w.owner(owner)))
        .build();
  }

  @Test
  void anOldNodeLeavesANewerInstanceToTheNodesThatKnowItsVersion() {
    newNode.create(NewInstance.of("counter").id("c-2"));
    QueuedEvent tick = oldNode.enqueue("c-2", Event.of("TICK"));

    assertThat(oldNode.runDue()).isZero();
    assertThat(newNode.instances().event("c-2", tick.id()).state())
        .isEqualTo(EventStatus.State.PENDING);
    assertThat(newNode.instances().get("c-2").version()).isEqualTo(2);

    assertThat(newNode.runDue()).isEqualTo(1);
    assertThat(newNode.instances().get("c-2").version()).isEqualTo(2);
    assertThat(newNode.instances().get("c-2").context()).containsEntry("ranBy", "version 2");
  }

  @Test
  void anOldNodeRefusesToSendToANewerInstanceAndSaysWhy() {
    newNode.create(NewInstance.of("counter").id("c-2"));

    assertThatThrownBy(() -> oldNode.send("c-2", Event.of("TICK")))
        .isInstanceOf(UnknownVersionException.class)
        .hasMessageContaining("c-2")
        .hasMessageContaining("version 2")
        .hasMessageContaining("knows versions up to 1");
    assertThat(newNode.instances().get("c-2").version()).isEqualTo(2);
    assertThat(newNode.instances().get("c-2").context()).doesNotContainKey("ranBy");

    newNode.send("c-2", Event.of("TICK")); // the refused send left no lease behind
    assertThat(newNode.instances().get("c-2").context()).containsEntry("ranBy", "version 2");
  }

  @Test
  void bothNodesRunAnOlderInstanceAsItsOwnVersion() {
    oldNode.create(NewInstance.of("counter").id("c-1"));
    newNode.enqueue("c-1", Event.of("TICK"));

    assertThat(newNode.runDue()).isEqualTo(1);

    assertThat(oldNode.instances().get("c-1").version()).isEqualTo(1);
    assertThat(oldNode.instances().get("c-1").context()).containsEntry("ranBy", "version 1");
  }

  /**
   * An old node remembers what it enqueued to (no read per enqueue); once a new node has upgraded
   * the instance, an event only the new version takes is still accepted by the old node, as a fresh
   * read would have it (the instance is newer than the old node knows), not refused by what it
   * remembered.
   */
  @Test
  void anOldNodeAcceptsAnEventOfTheVersionANewNodeUpgradedItsInstanceTo() {
    MachineDefinition withTock =
        Machine.define("counter")
            .version(2)
            .initial("open")
            .state("open", s -> s.on("TICK", t -> t.to("open")).on("TOCK", t -> t.to("open")))
            .build();
    Engine newerNode = node("newer", version(1), withTock);
    oldNode.create(NewInstance.of("counter").id("c-1"));
    oldNode.enqueue("c-1", Event.of("TICK"));
    assertThatThrownBy(() -> oldNode.enqueue("c-1", Event.of("TOCK")))
        .as("version 1 takes no TOCK")
        .isInstanceOf(UnknownEventException.class);

    assertThat(newerNode.machines().upgradeInstances("counter")).isEqualTo(1);

    QueuedEvent tock = oldNode.enqueue("c-1", Event.of("TOCK"));
    assertThat(newerNode.instances().event("c-1", tock.id()).state())
        .isEqualTo(EventStatus.State.PENDING);
  }
}
