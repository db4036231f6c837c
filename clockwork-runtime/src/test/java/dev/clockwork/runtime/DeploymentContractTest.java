package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.core.event.Event;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Machines deployed to the store: a node deploys what it registers in code when it starts, takes
 * what others deployed when it has every behaviour it names (built-ins need none), shows — and does
 * not claim — what it lacks the code of, and keeps a version's first structure. Subclass per store.
 */
public abstract class DeploymentContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  /** A machine defined in Java, with a lambda guard: only a node with this code can run it. */
  private static final MachineDefinition CHECKOUT =
      Machine.define("checkout")
          .initial("open")
          .state("open", s -> s.on("PAY", t -> t.to("paid").guard(scope -> true)))
          .finalState("paid")
          .build();

  /** Built-ins only: any node runs it. */
  private static final String REFUND =
      """
      id: refund
      initial: requested
      states:
        requested:
          on:
            APPROVE: {target: approved, actions: {assign: {approvedBy: {fromEvent: by}}}}
        approved: {type: final}
      """;

  /** Names a guard a node must register. */
  private static final String LOYALTY =
      """
      id: loyalty
      initial: member
      states:
        member:
          on:
            UPGRADE: {target: gold, guards: isEligible}
        gold: {type: final}
      """;

  private final List<Engine> engines = new ArrayList<>();
  private VirtualClock clock;
  private Store store;

  protected abstract Store newStore();

  @BeforeEach
  void shared() {
    clock = VirtualClock.at(T0);
    store = newStore();
  }

  @AfterEach
  void closeAll() {
    engines.forEach(Engine::close);
  }

  private Engine node(String owner, Behaviors behaviors, MachineDefinition... machines) {
    return node(store, owner, behaviors, machines);
  }

  private Engine node(Store on, String owner, Behaviors behaviors, MachineDefinition... machines) {
    Engine engine =
        Engine.builder()
            .store(on)
            .clock(clock)
            .behaviors(behaviors)
            .register(machines)
            .settings(s -> s.workers(w -> w.owner(owner)))
            .build();
    engines.add(engine);
    return engine;
  }

  @Test
  void startingDeploysTheMachinesRegisteredInCodeWithTheirCodeMarked() {
    node("a", Behaviors.none(), CHECKOUT).start();

    List<StoredDefinition> versions = store.definitions().versions("checkout");
    assertThat(versions).hasSize(1);
    assertThat(versions.get(0).version()).isEqualTo(1);
    assertThat(versions.get(0).deployedAt()).isEqualTo(T0);
    assertThat(versions.get(0).document()).contains("\"requires\"", "code:checkout.open.on.PAY");
  }

  @Test
  void aNodeWithoutTheCodeShowsTheMachineAndLeavesItsInstancesToANodeWithIt() {
    Engine withCode = node("a", Behaviors.none(), CHECKOUT);
    withCode.machines().deploy(CHECKOUT);
    withCode.create(NewInstance.of("checkout").id("c-1"));
    QueuedEvent pay = withCode.enqueue("c-1", Event.of("PAY"));
    Engine without = node("b", Behaviors.none()).start();

    assertThat(without.machines().ids()).doesNotContain("checkout");
    assertThat(MermaidDiagram.of(without.machines().shown("checkout", 1)))
        .isEqualTo(MermaidDiagram.of(CHECKOUT));
    assertThat(without.machines().problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.machine()).isEqualTo("checkout");
              assertThat(p.version()).isEqualTo(1);
              assertThat(p.problem())
                  .contains("code:checkout.open.on.PAY", "does not run it", "in Java");
            });
    assertThat(without.admin().queues().health().checks())
        .filteredOn(c -> c.subject().equals("machines.checkout.v1"))
        .extracting(HealthCheck::level)
        .containsExactly(HealthLevel.WARNING);
    assertThat(without.runDue()).isZero();
    assertThat(withCode.instances().event("c-1", pay.id()).state())
        .isEqualTo(EventStatus.State.PENDING);

    assertThat(withCode.runDue()).isEqualTo(1);
    assertThat(withCode.instances().get("c-1").states()).containsExactly("paid");
  }

  @Test
  void aMachineOfBuiltInsDeployedAsDataRunsOnNodesWithNoCode() {
    Engine deployer = node("a", Behaviors.none());
    StoredDefinition kept = deployer.machines().deploy("refund.yaml", REFUND);
    Engine other = node("b", Behaviors.none());

    assertThat(kept.machine()).isEqualTo("refund");
    assertThat(deployer.machines().ids()).contains("refund");
    assertThat(deployer.machines().problems()).isEmpty();
    other.machines().refresh(); // as a started engine does every 5 s
    other.create(NewInstance.of("refund").id("r-1"));
    other.send("r-1", Event.of("APPROVE", Map.of("by", "ada")));
    Instance approved = other.instances().get("r-1");
    assertThat(approved.states()).containsExactly("approved");
    assertThat(approved.context()).containsEntry("approvedBy", "ada");
  }

  @Test
  void aNodeReadsADocumentOnlyForAVersionNewToItAndRestartsWithoutWriting() {
    node("a", Behaviors.none(), CHECKOUT).start();
    Engine deployer = node("b", Behaviors.none());
    CountingDefinitions counted = new CountingDefinitions(store.definitions());
    Engine restarted = node(withDefinitions(counted), "c", Behaviors.none(), CHECKOUT);

    restarted.start();
    restarted.machines().refresh();
    restarted.machines().refresh();
    assertThat(counted.deploys).as("its code's version is stored already").isZero();
    assertThat(counted.documentReads).as("no version is new to it").isZero();

    deployer.machines().deploy("refund.yaml", REFUND);
    restarted.machines().refresh();
    restarted.machines().refresh();
    assertThat(counted.documentReads).as("the new version's document, once").isEqualTo(1);
    assertThat(restarted.machines().ids()).contains("refund", "checkout");
  }

  @Test
  void twoRefreshesAtOnceReadANewVersionsDocumentOnce() throws Exception {
    Engine deployer = node("a", Behaviors.none());
    CountingDefinitions counted = new CountingDefinitions(store.definitions());
    Engine reader = node(withDefinitions(counted), "b", Behaviors.none());
    deployer.machines().deploy("refund.yaml", REFUND);
    CountDownLatch release = new CountDownLatch(1);
    counted.beforeFind = release;

    Thread first = new Thread(reader.machines()::refresh, "first-refresh");
    first.start();
    await().until(() -> counted.documentReads == 1); // the first look is reading the document
    Thread second = new Thread(reader.machines()::refresh, "second-refresh");
    second.start();
    await().until(() -> second.getState() == Thread.State.WAITING);
    release.countDown();
    first.join(10_000);
    second.join(10_000);

    assertThat(counted.documentReads).as("the new version's document, once").isEqualTo(1);
    assertThat(reader.machines().ids()).contains("refund");
  }

  /** The test's store with {@code definitions} in place of its definition role. */
  private Store withDefinitions(DefinitionStore definitions) {
    return new ForwardingStore(store) {
      @Override
      public DefinitionStore definitions() {
        return definitions;
      }
    };
  }

  /** Counts the deploys and the reads that return documents; a read may wait for a latch. */
  private static final class CountingDefinitions implements DefinitionStore {
    private final DefinitionStore delegate;
    volatile int deploys;
    volatile int documentReads;
    volatile CountDownLatch beforeFind;

    CountingDefinitions(DefinitionStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public StoredDefinition deploy(StoredDefinition definition) {
      deploys++;
      return delegate.deploy(definition);
    }

    @Override
    public Optional<StoredDefinition> find(String machine, int version) {
      documentReads++;
      CountDownLatch latch = beforeFind;
      if (latch != null) {
        try {
          latch.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return delegate.find(machine, version);
    }

    @Override
    public List<StoredDefinition> versions(String machine) {
      documentReads++;
      return delegate.versions(machine);
    }

    @Override
    public List<String> machines() {
      return delegate.machines();
    }

    @Override
    public List<DeployedVersion> index() {
      return delegate.index();
    }

    @Override
    public boolean remove(String machine, int version) {
      return delegate.remove(machine, version);
    }
  }

  @Test
  void aMachineNamingABehaviourRunsOnlyWhereTheBehaviourIsRegistered() {
    Engine bare = node("a", Behaviors.none());
    bare.machines().deploy("loyalty.yaml", LOYALTY);

    assertThat(bare.machines().problems())
        .extracting(VersionProblem::problem)
        .singleElement()
        .asString()
        .contains("isEligible", "Engine.builder().behaviors(");
    assertThatThrownBy(() -> bare.create(NewInstance.of("loyalty")))
        .isInstanceOf(UnknownMachineException.class);

    Engine able = node("b", Behaviors.builder().guard("isEligible", scope -> true).build()).start();
    able.create(NewInstance.of("loyalty").id("l-1"));
    able.send("l-1", Event.of("UPGRADE"));
    assertThat(able.instances().get("l-1").states()).containsExactly("gold");
    assertThat(able.machines().problems()).isEmpty();
  }

  private static MachineDefinition offering(String id, boolean eligible) {
    return Machine.define(id)
        .behaviors(Behaviors.builder().guard("isEligible", scope -> eligible).build())
        .initial("a")
        .state("a", s -> s.on("GO", t -> t.to("b").guard("isEligible")))
        .finalState("b")
        .build();
  }

  @Test
  void aMachineRegisteredInCodeOffersItsNamedBehavioursToDataMachines() {
    node("a", Behaviors.none()).machines().deploy("loyalty.yaml", LOYALTY);
    Engine node = node("b", Behaviors.none(), offering("tiers", true)).start();

    node.create(NewInstance.of("loyalty").id("l-1"));
    node.send("l-1", Event.of("UPGRADE"));

    assertThat(node.instances().get("l-1").states()).containsExactly("gold");
  }

  @Test
  void aNameTwoMachinesGiveDifferentBehavioursIsOfferedOnlyWhenTheBuilderNamesIt() {
    node("a", Behaviors.none()).machines().deploy("loyalty.yaml", LOYALTY);
    Engine clashing =
        node("b", Behaviors.none(), offering("tiers", true), offering("perks", false)).start();

    assertThat(clashing.machines().ids()).doesNotContain("loyalty");
    assertThat(clashing.machines().problems())
        .extracting(VersionProblem::problem)
        .singleElement()
        .asString()
        .contains("isEligible different behaviours");

    Engine named =
        node(
                "c",
                Behaviors.builder().guard("isEligible", scope -> true).build(),
                offering("tiers", true),
                offering("perks", false))
            .start();
    named.create(NewInstance.of("loyalty").id("l-2"));
    named.send("l-2", Event.of("UPGRADE"));
    assertThat(named.instances().get("l-2").states()).containsExactly("gold");
  }

  @Test
  void aVersionKeepsItsFirstStructure() {
    Engine first = node("a", Behaviors.none(), CHECKOUT);
    StoredDefinition kept = first.machines().deploy(CHECKOUT);
    clock.advance(java.time.Duration.ofMinutes(1));
    assertThat(first.machines().deploy(CHECKOUT).deployedAt())
        .as("the same structure again changes nothing")
        .isEqualTo(kept.deployedAt());

    MachineDefinition changed =
        Machine.define("checkout")
            .initial("open")
            .state("open", s -> s.on("PAY", "paid").on("CANCEL", "cancelled"))
            .finalState("paid")
            .finalState("cancelled")
            .build();
    Engine second = node("b", Behaviors.none(), changed);
    assertThatThrownBy(() -> second.machines().deploy(changed))
        .isInstanceOf(DefinitionConflictException.class);

    second.start();
    assertThat(second.machines().problems())
        .extracting(VersionProblem::problem)
        .singleElement()
        .asString()
        .contains("differs from the deployed document", "new version");
    second.create(NewInstance.of("checkout").id("c-2"));
    second.send("c-2", Event.of("CANCEL"));
    assertThat(second.instances().get("c-2").states())
        .as("the node runs its own code")
        .containsExactly("cancelled");
    assertThat(store.definitions().find("checkout", 1).orElseThrow().digest())
        .isEqualTo(kept.digest());
  }

  @Test
  void aMistakeInADeployedDocumentNamesTheFileAndStoresNothing() {
    Engine engine = node("a", Behaviors.none());

    assertThatThrownBy(
            () ->
                engine
                    .machines()
                    .deploy("refund.yaml", REFUND.replace("approved: {", "aproved: {")))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("refund.yaml");
    assertThat(store.definitions().machines()).isEmpty();
  }
}
