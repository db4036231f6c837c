package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.DeployedVersion;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The store contract for deployed machine versions: a version is kept once and never changes, the
 * same document deployed again (by any number of nodes at once) is the stored one, versions list
 * newest first, and a version can be removed.
 */
public abstract class DefinitionContractTest extends StoreContract {
  private static final String V1 = "{\"id\":\"order\",\"version\":1,\"initial\":\"pending\"}";
  private static final String V2 = "{\"id\":\"order\",\"version\":2,\"initial\":\"open\"}";

  private DefinitionStore definitions() {
    return store.definitions();
  }

  @Test
  void aDeployedVersionComesBackAsDeployed() {
    StoredDefinition deployed = definitions().deploy(StoredDefinition.of("order", 1, V1, T0));

    assertThat(deployed.digest()).isEqualTo(StoredDefinition.digestOf(V1)).hasSize(64);
    assertThat(definitions().find("order", 1)).contains(deployed);
    assertThat(definitions().find("order", 2)).isEmpty();
    assertThat(definitions().find("invoice", 1)).isEmpty();
  }

  @Test
  void theSameDocumentAgainIsTheFirstDeploy() {
    StoredDefinition first = definitions().deploy(StoredDefinition.of("order", 1, V1, T0));

    StoredDefinition again =
        definitions().deploy(StoredDefinition.of("order", 1, V1, T0.plusSeconds(60)));

    assertThat(again).isEqualTo(first);
    assertThat(again.deployedAt()).as("the first deploy's time").isEqualTo(T0);
    assertThat(definitions().versions("order")).containsExactly(first);
  }

  @Test
  void anotherDocumentUnderADeployedVersionIsRefusedAndChangesNothing() {
    StoredDefinition first = definitions().deploy(StoredDefinition.of("order", 1, V1, T0));

    assertThatThrownBy(() -> definitions().deploy(StoredDefinition.of("order", 1, V2, T0)))
        .isInstanceOf(DefinitionConflictException.class)
        .hasMessageContaining("version 1 of machine 'order'")
        .hasMessageContaining("give the changed definition a new version");
    assertThat(definitions().find("order", 1)).contains(first);
  }

  @Test
  void versionsAreListedNewestFirstAndMachinesInIdOrder() {
    StoredDefinition v1 = definitions().deploy(StoredDefinition.of("order", 1, V1, T0));
    StoredDefinition v2 = definitions().deploy(StoredDefinition.of("order", 2, V2, T0));
    definitions().deploy(StoredDefinition.of("invoice", 3, "{}", T0));

    assertThat(definitions().versions("order")).containsExactly(v2, v1);
    assertThat(definitions().versions("payment")).isEmpty();
    assertThat(definitions().machines()).containsExactly("invoice", "order");
  }

  @Test
  void theIndexListsEveryVersionWithItsDigestByMachineThenVersion() {
    definitions().deploy(StoredDefinition.of("order", 2, V2, T0));
    definitions().deploy(StoredDefinition.of("order", 1, V1, T0));
    definitions().deploy(StoredDefinition.of("invoice", 3, "{}", T0));

    assertThat(definitions().index())
        .containsExactly(
            new DeployedVersion("invoice", 3, StoredDefinition.digestOf("{}")),
            new DeployedVersion("order", 1, StoredDefinition.digestOf(V1)),
            new DeployedVersion("order", 2, StoredDefinition.digestOf(V2)));
    definitions().remove("order", 1);
    assertThat(definitions().index()).extracting(DeployedVersion::version).containsExactly(3, 2);
  }

  @Test
  void aRemovedVersionIsGoneAndItsMachineWithItsLastVersion() {
    definitions().deploy(StoredDefinition.of("order", 1, V1, T0));
    StoredDefinition v2 = definitions().deploy(StoredDefinition.of("order", 2, V2, T0));
    definitions().deploy(StoredDefinition.of("invoice", 1, "{}", T0));

    assertThat(definitions().remove("order", 1)).isTrue();
    assertThat(definitions().remove("order", 1)).as("removed already").isFalse();
    assertThat(definitions().versions("order")).containsExactly(v2);
    assertThat(definitions().remove("invoice", 1)).isTrue();
    assertThat(definitions().machines()).containsExactly("order");
  }

  @Test
  void nodesDeployingOneVersionAtOnceAllGetTheStoredOne() throws Exception {
    ExecutorService nodes = Executors.newFixedThreadPool(4);
    try {
      List<Callable<StoredDefinition>> deploys = new ArrayList<>();
      for (int node = 0; node < 8; node++) {
        int n = node;
        deploys.add(
            () -> definitions().deploy(StoredDefinition.of("order", 1, V1, T0.plusSeconds(n))));
      }
      List<StoredDefinition> results = new ArrayList<>();
      for (Future<StoredDefinition> result : nodes.invokeAll(deploys)) {
        results.add(result.get());
      }

      StoredDefinition stored = definitions().find("order", 1).orElseThrow();
      assertThat(results).allSatisfy(result -> assertThat(result).isEqualTo(stored));
    } finally {
      nodes.shutdownNow();
    }
  }
}
