package dev.clockwork.server.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import dev.clockwork.server.api.Router;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * No client input is a server error: random calls to every route (but the never-ending stream) —
 * path parameters, query parameters and JSON bodies drawn from the API's own names and from
 * anything at all, with an admin's token so every handler is reached — are all answered below 500.
 * A fixed seed and a bounded count keep the run the same on every build.
 */
class ApiFuzzTest {
  private static ApiFixture api;
  private static List<Router.Route> routes;

  @BeforeContainer
  static void start() {
    api = ApiFixture.start();
    api.engine().create(NewInstance.of("order").id("order-1"));
    routes = api.server().routes().stream().filter(r -> !r.path().equals("/api/stream")).toList();
  }

  @AfterContainer
  static void stop() {
    api.close();
  }

  @Property(
      tries = 800,
      seed = "20261128",
      shrinking = ShrinkingMode.OFF,
      edgeCases = EdgeCasesMode.NONE)
  void noClientInputIsAServerError(@ForAll("calls") ApiCall call) {
    Response response =
        switch (call.method()) {
          case "GET" -> api.get(call.target(), ApiFixture.ADMIN, call.headers());
          case "POST" -> api.post(call.target(), ApiFixture.ADMIN, call.body(), call.headers());
          case "PUT" -> api.put(call.target(), ApiFixture.ADMIN, call.body(), call.headers());
          case "DELETE" -> api.delete(call.target(), ApiFixture.ADMIN, call.headers());
          default -> throw new IllegalStateException(call.method());
        };

    Statistics.label("status").collect(response.status() / 100 + "xx");
    assertThat(response.status()).as("%s answered %s", call, response.body()).isLessThan(500);
  }

  /** The security probe's 5xx, each once: they stay below 500. */
  @Example
  void theProbesServerErrorsAreClientErrors() {
    List<ApiCall> probes =
        List.of(
            ApiCall.of(
                "POST",
                "/api/instances",
                List.of(),
                Map.of(),
                "{\"machine\":\"fulfilment\"}",
                Map.of()),
            ApiCall.of(
                "POST",
                "/api/instances",
                List.of(),
                Map.of(),
                "{\"machine\":\"order\",\"id\":\"" + "x".repeat(4096) + "\"}",
                Map.of()),
            ApiCall.of(
                "POST",
                "/api/instances/{id}/events",
                List.of("order-1"),
                Map.of(),
                "{\"type\":\"@done.paid\"}",
                Map.of()),
            ApiCall.of(
                "POST",
                "/api/instances/{id}/events",
                List.of("order-1"),
                Map.of("mode", "queued"),
                "{\"type\":\"@parallel.done\"}",
                Map.of()));
    for (ApiCall probe : probes) {
      Response response = api.post(probe.target(), ApiFixture.ADMIN, probe.body(), Map.of());
      assertThat(response.status()).as("%s answered %s", probe, response.body()).isLessThan(500);
    }
  }

  @Provide
  Arbitrary<ApiCall> calls() {
    return Combinators.combine(
            Arbitraries.of(routes),
            ApiInputs.pathValues().list().ofSize(2),
            ApiInputs.query(),
            ApiInputs.body())
        .as(
            (route, values, query, body) ->
                ApiCall.of(route.method(), route.path(), values, query, body, Map.of()));
  }
}
