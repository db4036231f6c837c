package dev.clockwork.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.Router;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code /api/openapi.json} and the routes the server registers in step: read at run time
 * from the server (every route module in {@code ClockworkServer.defaultRoutes}), so a route added,
 * removed, renamed or given another role without changing the document fails here.
 */
class OpenApiDocumentTest {
  static final ApiFixture API = ApiFixture.start();

  /** Sections other branches build; until they are merged their routes are not registered. */
  @AfterAll
  static void stop() {
    API.close();
  }

  /** A documented operation: its section and least role. */
  record Documented(String section, String role) {}

  static Map<String, Documented> documented() {
    ApiFixture.Response response = API.get("/api/openapi.json", null);
    assertThat(response.status()).isEqualTo(200);
    Map<String, Documented> operations = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> paths = response.json().get("paths").fields();
    while (paths.hasNext()) {
      Map.Entry<String, JsonNode> path = paths.next();
      path.getValue()
          .fields()
          .forEachRemaining(
              method ->
                  operations.put(
                      key(method.getKey(), path.getKey()),
                      new Documented(
                          method.getValue().get("x-clockwork-section").asText(),
                          method.getValue().get("x-clockwork-role").asText())));
    }
    return operations;
  }

  static Map<String, String> registered() {
    Map<String, String> routes = new TreeMap<>();
    for (Router.Route route : API.server().routes()) {
      routes.put(key(route.method(), route.path()), label(route.role()));
    }
    return routes;
  }

  /** {@code GET /api/instances/{}}: the method and the path with its parameters' names left out. */
  static String key(String method, String path) {
    return method.toUpperCase() + " " + path.replaceAll("\\{[^}]*}", "{}");
  }

  static String label(Role role) {
    return role == Role.ANYONE ? "anyone" : role.label();
  }

  @Test
  void isAnOpenApi31DocumentServedWithoutAToken() {
    ApiFixture.Response response = API.get("/api/openapi.json", null);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("application/json");
    assertThat(response.json().get("openapi").asText()).isEqualTo("3.1.0");
    assertThat(response.json().get("components").get("securitySchemes").has("bearer")).isTrue();
  }

  @Test
  void everyRegisteredRouteIsDocumentedWithItsRole() {
    Map<String, Documented> documented = documented();
    Map<String, String> registered = registered();

    assertThat(registered).isNotEmpty();
    assertThat(documented.keySet())
        .as("routes the server registers but the document lacks")
        .containsAll(registered.keySet());
    registered.forEach(
        (route, role) ->
            assertThat(documented.get(route).role())
                .as("the least role of " + route)
                .isEqualTo(role));
  }

  @Test
  void everyDocumentedOperationIsRegistered() {
    Map<String, Documented> documented = documented();
    Map<String, String> registered = registered();

    assertThat(registered.keySet())
        .as("operations the document describes but the server does not register")
        .containsAll(documented.keySet());
    Set<String> sections = new TreeSet<>();
    documented.values().forEach(doc -> sections.add(doc.section()));
    assertThat(sections)
        .contains("health", "machines", "instances", "queues", "dead-letters", "timers")
        .contains("schedules", "audit", "metrics", "openapi");
  }
}
