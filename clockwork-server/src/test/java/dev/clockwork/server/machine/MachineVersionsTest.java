package dev.clockwork.server.machine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.definition.MachineFormat;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.ApiFixture;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deployed versions of the example order machine over HTTP: version 1 from Java, version 2 from
 * {@code machines/order-v2.yaml}. {@link #RUNS} has the examples' behaviours and runs version 2;
 * {@link #SHOWS} lacks them, so it shows version 2 without running it.
 */
class MachineVersionsTest {
  static final ApiFixture RUNS =
      ApiFixture.start(engine -> engine.behaviors(new ExampleMachines().behaviors()));

  /**
   * A node without the order machine's code: a machine it registers in code would offer its named
   * behaviours (isNotPaidGuard) to the deployed versions, and it would run them.
   */
  static final ApiFixture SHOWS = ApiFixture.bare();

  static String v1Instance;

  static String orderV2() {
    try (InputStream in =
        MachineVersionsTest.class.getResourceAsStream("/machines/order-v2.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @BeforeAll
  static void deploy() {
    RUNS.engine().machines().deploy(OrderMachine.definition());
    // version 1 as the node with the code deployed it, not registered here
    SHOWS
        .store()
        .definitions()
        .deploy(
            StoredDefinition.of(
                "order",
                1,
                MachineFormat.json().writeDeployed(OrderMachine.definition()),
                SHOWS.clock().instant()));
    SHOWS.engine().start(); // a node takes what others deployed when it starts
    ApiFixture.Response created =
        RUNS.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\"}");
    v1Instance = created.json().get("id").asText();
    for (ApiFixture api : List.of(RUNS, SHOWS)) {
      ApiFixture.Response deployed =
          api.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", orderV2());
      assertThat(deployed.status()).as(deployed.body()).isEqualTo(201);
    }
  }

  @AfterAll
  static void stop() {
    RUNS.close();
    SHOWS.close();
  }

  static JsonNode order(ApiFixture api) {
    for (JsonNode machine : api.get("/api/machines", ApiFixture.VIEWER).json()) {
      if (machine.get("id").asText().equals("order")) {
        return machine;
      }
    }
    throw new AssertionError("GET /api/machines does not list order");
  }

  static List<Integer> ints(JsonNode array) {
    List<Integer> ints = new ArrayList<>();
    array.forEach(node -> ints.add(node.asInt()));
    return ints;
  }

  @Test
  void theListSaysWhichVersionsAreDeployedAndWhetherThisNodeRunsThem() {
    JsonNode runs = order(RUNS);
    assertThat(runs.get("version").asInt()).isEqualTo(2);
    assertThat(runs.get("runs").asBoolean()).isTrue();
    assertThat(ints(runs.get("versions"))).containsExactly(2, 1);
    assertThat(runs.get("problems")).isEmpty();

    JsonNode shows = order(SHOWS);
    assertThat(shows.get("version").asInt()).isEqualTo(2);
    assertThat(shows.get("runs").asBoolean()).isFalse();
    assertThat(shows.get("states").findValuesAsText("path")).contains("retrying_payment");
    assertThat(shows.get("problems").findValuesAsText("version")).containsExactly("1", "2");
    assertThat(shows.get("problems").get(1).get("problem").asText()).contains("isNotPaidGuard");
  }

  @Test
  void versionsAreListedNewestFirst() {
    ApiFixture.Response response = SHOWS.get("/api/machines/order/versions", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().findValuesAsText("version")).containsExactly("2", "1");
    assertThat(response.json().get(0).get("problem").asText()).contains("isNotPaidGuard");
    assertThat(response.json().get(1).get("problem").asText())
        .as("version 1 names it too, and this node has no order code")
        .contains("isNotPaidGuard");
    assertThat(RUNS.get("/api/machines/order/versions", ApiFixture.VIEWER).json())
        .allSatisfy(v -> assertThat(v.get("problem").isNull()).isTrue());
    assertThat(response.json().get(0).get("deployed_at").asText()).isNotBlank();
  }

  @Test
  void aVersionHasItsDocumentDigestAndDiagramEvenWhereItIsNotRun() {
    ApiFixture.Response response = SHOWS.get("/api/machines/order/versions/2", ApiFixture.VIEWER);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode version = response.json();
    assertThat(version.get("document").get("id").asText()).isEqualTo("order");
    assertThat(version.get("document").get("version").asInt()).isEqualTo(2);
    assertThat(version.get("digest").asText())
        .isEqualTo(SHOWS.engine().machines().deployed("order").get(0).digest());
    assertThat(version.get("diagram").asText())
        .startsWith("stateDiagram-v2")
        .contains("retrying_payment");

    String v1 =
        SHOWS
            .get("/api/machines/order/versions/1", ApiFixture.VIEWER)
            .json()
            .get("diagram")
            .asText();
    assertThat(v1).contains("awaiting_payment").doesNotContain("retrying_payment");
  }

  @Test
  void anUndeployedVersionIs404AndABadOneIs400() {
    ApiFixture.Response missing = SHOWS.get("/api/machines/order/versions/9", ApiFixture.VIEWER);
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.json().get("detail").asText()).contains("[2, 1]");

    assertThat(SHOWS.get("/api/machines/order/versions/two", ApiFixture.VIEWER).status())
        .isEqualTo(400);
    assertThat(SHOWS.get("/api/machines/nothing/versions", ApiFixture.VIEWER).status())
        .isEqualTo(404);
  }

  @Test
  void theDiffOfTwoVersionsIsUnifiedOverTheirYaml() {
    ApiFixture.Response response =
        SHOWS.get("/api/machines/order/diff?from=1&to=2", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("text/x-diff");
    assertThat(response.body())
        .startsWith("--- order v1\n+++ order v2\n")
        .contains("\n+version: 2")
        .contains("\n+  retrying_payment:");
    assertThat(SHOWS.get("/api/machines/order/diff?from=2&to=2", ApiFixture.VIEWER).body())
        .isEmpty();
    assertThat(SHOWS.get("/api/machines/order/diff?from=1", ApiFixture.VIEWER).status())
        .isEqualTo(400);
  }

  @Test
  void anInstanceIsDrawnFromItsOwnVersion() {
    String v2Instance =
        RUNS.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\"}")
            .json()
            .get("id")
            .asText();

    assertThat(
            RUNS.get("/api/instances/" + v2Instance, ApiFixture.VIEWER)
                .json()
                .get("version")
                .asInt())
        .isEqualTo(2);
    assertThat(RUNS.get("/api/instances/" + v2Instance + "/diagram", ApiFixture.VIEWER).body())
        .contains("retrying_payment");
    assertThat(
            RUNS.get("/api/instances/" + v1Instance, ApiFixture.VIEWER)
                .json()
                .get("version")
                .asInt())
        .isEqualTo(1);
    assertThat(RUNS.get("/api/instances/" + v1Instance + "/diagram", ApiFixture.VIEWER).body())
        .contains("awaiting_payment")
        .doesNotContain("retrying_payment");
  }
}
