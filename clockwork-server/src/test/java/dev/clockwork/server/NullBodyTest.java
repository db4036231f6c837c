package dev.clockwork.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture.Response;
import dev.clockwork.server.api.Router;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A JSON {@code null} sent as the body of every route that takes one is the caller's mistake —
 * never a 5xx — with an admin's token, on an instance that exists.
 */
class NullBodyTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void close() {
    API.close();
  }

  @Test
  void noRouteAnswersANullBodyWithAServerError() {
    API.engine().create(NewInstance.of("order").id("order-1"));
    List<String> failures = new ArrayList<>();
    int tried = 0;
    for (Router.Route route : API.server().routes()) {
      String path = route.path().replaceAll("\\{[^}]*}", "order-1");
      Response response;
      switch (route.method()) {
        case "POST" -> response = API.post(path, ApiFixture.ADMIN, "null");
        case "PUT" -> response = API.put(path, ApiFixture.ADMIN, "null", Map.of());
        default -> {
          continue;
        }
      }
      tried++;
      if (response.status() >= 500) {
        failures.add(route.method() + " " + route.path() + " → " + response.status());
      }
    }

    assertThat(tried).as("routes that take a body").isGreaterThanOrEqualTo(9);
    assertThat(failures).as("routes that answered a JSON null with a 5xx").isEmpty();
  }
}
