package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A request naming no namespace works in the schedules' configured default, not in "default". */
class DefaultNamespaceTest {
  @Test
  void aRequestWithoutXNamespaceUsesTheConfiguredDefault() throws Exception {
    Engine.Builder builder = Engine.builder();
    new ExampleMachines().machines().forEach(builder::register);
    try (Engine engine = builder.build()) {
      Schedules schedules =
          Schedules.builder(engine).options(o -> o.defaultNamespace("shop")).build();
      schedules.createFromSpec(
          "nightly", Map.of("cron_expressions", List.of("0 2 * * *")), Map.of("machine", "order"));
      try (ClockworkServer server =
          ClockworkServer.builder(engine)
              .schedules(schedules)
              .access(
                  AccessPolicy.of(
                      List.of(ApiToken.ofSecret("v", "secret", Role.VIEWER, Set.of("*")))))
              .port(0)
              .start()) {
        assertThat(list(server, null)).contains("nightly");
        assertThat(list(server, "default")).doesNotContain("nightly");
      }
    }
  }

  private static String list(ClockworkServer server, String namespace) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.url() + "/api/schedules"))
            .header("Authorization", "Bearer secret");
    if (namespace != null) {
      request.header("X-Namespace", namespace);
    }
    HttpResponse<String> response =
        HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body();
  }
}
