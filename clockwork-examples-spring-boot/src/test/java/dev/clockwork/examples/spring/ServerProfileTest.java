package dev.clockwork.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.spring.boot.server.ServerLifecycle;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.ClassMode;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The README's step 5 as written: the example's {@code server} profile runs Clockwork's HTTP API
 * beside the application, and the curl calls with the demo secret create an order and send it an
 * event, which the application's {@code Engine} bean then sees (on a free port here, not 8081).
 */
@SpringBootTest(properties = "clockwork.server.port=0")
@ActiveProfiles("server")
@DirtiesContext(classMode = ClassMode.AFTER_CLASS)
class ServerProfileTest {
  static TestDatabase database;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    database = ExampleDatabase.create(registry);
  }

  @Autowired ServerLifecycle server;
  @Autowired Engine engine;

  @Test
  void theApiCreatesAnOrderAndSendsItAnEventWithTheDemoSecret() throws Exception {
    String url = server.server().url();

    HttpResponse<String> created =
        post(url + "/api/instances", "{\"machine\": \"order\", \"id\": \"order-1\"}");
    HttpResponse<String> submitted =
        post(url + "/api/instances/order-1/events", "{\"type\": \"SUBMIT\"}");

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(submitted.statusCode()).as(submitted.body()).isEqualTo(200);
    assertThat(engine.instances().get("order-1").states()).containsExactly("awaiting_payment");
  }

  private static HttpResponse<String> post(String url, String json) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer demo-ops-secret")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
