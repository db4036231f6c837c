package dev.clockwork.server.machine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.server.ApiFixture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/machines}: a machine written as data, deployed by an admin of every namespace;
 * each test deploys a machine of its own, built from built-in actions only, so any node runs it.
 */
class DeployRoutesTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  /** A machine of built-ins only: {@code id} at {@code version}, {@code extra} added to a state. */
  static String machine(String id, int version, String extra) {
    return """
        id: %s
        version: %d
        initial: open
        states:
          open:
            on:
              CLOSE: {target: closed, actions: [{assign: {closedBy: {fromEvent: by}}}]}%s
          closed: {type: final}
        """
        .formatted(id, version, extra);
  }

  @Test
  void aNewVersionIs201WithItsLocationAndAgainIs200() {
    ApiFixture.Response created =
        API.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", machine("desk", 1, ""));

    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.header("Location")).isEqualTo("/api/machines/desk/versions/1");
    assertThat(created.json().get("created").asBoolean()).isTrue();
    assertThat(created.json().get("digest").asText()).hasSize(64);

    ApiFixture.Response again =
        API.postText("/api/machines", ApiFixture.ADMIN, "text/plain", machine("desk", 1, ""));

    assertThat(again.status()).isEqualTo(200);
    assertThat(again.header("Location")).isNull();
    assertThat(again.json().get("created").asBoolean()).isFalse();
    assertThat(again.json().get("digest").asText())
        .isEqualTo(created.json().get("digest").asText());
    assertThat(API.engine().machines().deployed("desk")).hasSize(1);
  }

  @Test
  void jsonTextIsDeployedToo() {
    String json =
        """
        {"id": "lamp", "initial": "off",
         "states": {"off": {"on": {"TOGGLE": "on"}}, "on": {"on": {"TOGGLE": "off"}}}}
        """;

    ApiFixture.Response created =
        API.postText("/api/machines", ApiFixture.ADMIN, "application/json", json);

    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.json().get("version").asInt()).isEqualTo(1);
    assertThat(API.engine().machines().ids()).contains("lamp");
  }

  @Test
  void anotherDocumentUnderADeployedVersionIs409AskingForANewVersion() {
    API.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", machine("till", 1, ""));

    ApiFixture.Response changed =
        API.postText(
            "/api/machines",
            ApiFixture.ADMIN,
            "application/yaml",
            machine("till", 1, "\n      REOPEN: open"));

    assertThat(changed.status()).isEqualTo(409);
    assertThat(changed.header("Content-Type")).startsWith("application/problem+json");
    assertThat(changed.json().get("detail").asText()).contains("till").contains("new version");

    ApiFixture.Response raised =
        API.postText(
            "/api/machines",
            ApiFixture.ADMIN,
            "application/yaml",
            machine("till", 2, "\n      REOPEN: open"));

    assertThat(raised.status()).isEqualTo(201);
  }

  @Test
  void aMistakeIs400NamingItsLineAndPath() {
    String wrong = machine("shelf", 1, "").replace("target: closed", "target: shut");

    ApiFixture.Response response =
        API.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", wrong);

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.json().get("detail").asText())
        .startsWith("body:7:")
        .contains("shelf.open.on.CLOSE")
        .contains("shut");
    assertThat(API.engine().machines().deployed("shelf")).isEmpty();
  }

  @Test
  void anotherContentTypeIs415NamingTheAcceptedOnes() {
    ApiFixture.Response response =
        API.postText("/api/machines", ApiFixture.ADMIN, "application/xml", machine("rack", 1, ""));

    assertThat(response.status()).isEqualTo(415);
    assertThat(response.json().get("detail").asText())
        .contains("application/yaml")
        .contains("application/xml");
  }

  @Test
  void onlyAnAdminOfEveryNamespaceDeploys() {
    String text = machine("stool", 1, "");

    assertThat(
            API.postText("/api/machines", ApiFixture.OPERATOR, "application/yaml", text).status())
        .isEqualTo(403);
    ApiFixture.Response tenantAdmin =
        API.postText("/api/machines", ApiFixture.TENANT_A_ADMIN, "application/yaml", text);
    assertThat(tenantAdmin.status()).isEqualTo(403);
    assertThat(tenantAdmin.json().get("detail").asText()).contains("every namespace");
    assertThat(API.engine().machines().deployed("stool")).isEmpty();
  }

  @Test
  void aDeployIsInTheOperatorLog() {
    API.postText("/api/machines", ApiFixture.ADMIN, "application/yaml", machine("bench", 3, ""));

    JsonNode latest = API.get("/api/audit?limit=1", ApiFixture.ADMIN).json().get("items").get(0);

    assertThat(latest.get("action").asText()).isEqualTo("machine.deploy");
    assertThat(latest.get("target").asText()).isEqualTo("machine:bench");
    assertThat(latest.get("principal").asText()).isEqualTo("ada-admin");
    assertThat(latest.get("details").get("version").asInt()).isEqualTo(3);
    assertThat(latest.get("details").get("outcome").asText()).isEqualTo("deployed");
  }
}
