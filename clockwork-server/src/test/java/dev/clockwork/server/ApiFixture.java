package dev.clockwork.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A server over an engine on the embedded PostgreSQL (one per test JVM, a database per fixture), on
 * a virtual clock, with the example machines and four tokens: {@link #VIEWER}, {@link #OPERATOR},
 * {@link #ADMIN} (every namespace), {@link #BILLING_VIEWER} (namespace {@code billing} only), and
 * the tenants' tokens {@link #TENANT_A} and {@link #TENANT_B} (operators of {@code tenant-a} and
 * {@code tenant-b}), {@link #TENANT_A_ADMIN} and {@link #TENANTS_A_AND_B} (a viewer of both).
 * Workers are not started: tests run due work with {@code engine().runDue()}.
 *
 * <pre>{@code
 * static final ApiFixture API = ApiFixture.start();
 * ApiFixture.Response r = API.get("/api/machines", ApiFixture.VIEWER);
 * }</pre>
 */
public final class ApiFixture implements AutoCloseable {
  public static final String VIEWER = "viewer-secret";
  public static final String OPERATOR = "operator-secret";
  public static final String ADMIN = "admin-secret";
  public static final String BILLING_VIEWER = "billing-viewer-secret";
  public static final String TENANT_A = "tenant-a-operator-secret";
  public static final String TENANT_B = "tenant-b-operator-secret";
  public static final String TENANT_A_ADMIN = "tenant-a-admin-secret";
  public static final String TENANTS_A_AND_B = "tenants-a-and-b-viewer-secret";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final TestDatabase database;
  private final PostgresStore store;
  private final VirtualClock clock;
  private final PrometheusMeterRegistry metrics =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Engine engine;
  private final Schedules schedules;
  private final ClockworkServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  private ApiFixture(Consumer<Engine.Builder> engineSettings) {
    this(true, engineSettings);
  }

  private ApiFixture(boolean examples, Consumer<Engine.Builder> engineSettings) {
    this.database = EmbeddedPostgresDatabase.shared().newDatabase();
    this.store = PostgresStore.on(database.dataSource());
    this.clock = VirtualClock.at("2026-11-25T10:00:00Z");
    Engine.Builder builder = Engine.builder().store(store).clock(clock).metrics(metrics);
    if (examples) {
      new ExampleMachines().machines().forEach(builder::register);
    }
    engineSettings.accept(builder);
    this.engine = builder.build();
    this.schedules = Schedules.builder(engine).store(store.schedules()).build();
    this.server =
        ClockworkServer.builder(engine)
            .schedules(schedules)
            .access(AccessPolicy.of(tokens()))
            .metrics(metrics)
            .port(0)
            .start();
  }

  /** A fixture with the default engine. */
  public static ApiFixture start() {
    return new ApiFixture(builder -> {});
  }

  /**
   * A fixture whose engine registers no machine in code: a node without the examples' classes,
   * which runs only what is deployed as data with built-ins.
   */
  public static ApiFixture bare() {
    return new ApiFixture(false, builder -> {});
  }

  /** A fixture whose engine builder {@code engineSettings} may change first. */
  public static ApiFixture start(Consumer<Engine.Builder> engineSettings) {
    return new ApiFixture(engineSettings);
  }

  private static List<ApiToken> tokens() {
    return List.of(
        ApiToken.ofSecret("vera-viewer", VIEWER, Role.VIEWER, Set.of("*")),
        ApiToken.ofSecret("otto-operator", OPERATOR, Role.OPERATOR, Set.of("*")),
        ApiToken.ofSecret("ada-admin", ADMIN, Role.ADMIN, Set.of("*")),
        ApiToken.ofSecret("bill-viewer", BILLING_VIEWER, Role.VIEWER, Set.of("billing")),
        ApiToken.ofSecret("anna-a", TENANT_A, Role.OPERATOR, Set.of("tenant-a")),
        ApiToken.ofSecret("bert-b", TENANT_B, Role.OPERATOR, Set.of("tenant-b")),
        ApiToken.ofSecret("alma-a-admin", TENANT_A_ADMIN, Role.ADMIN, Set.of("tenant-a")),
        ApiToken.ofSecret(
            "vic-a-and-b", TENANTS_A_AND_B, Role.VIEWER, Set.of("tenant-a", "tenant-b")));
  }

  public TestDatabase database() {
    return database;
  }

  public Engine engine() {
    return engine;
  }

  public Schedules schedules() {
    return schedules;
  }

  public VirtualClock clock() {
    return clock;
  }

  /** The engine's store, for tests that must put it in a state no API reaches (a stuck lease). */
  public PostgresStore store() {
    return store;
  }

  /** The server, for its registered routes. */
  public ClockworkServer server() {
    return server;
  }

  public String url() {
    return server.url();
  }

  /** Empties every table: a clean state per test. */
  public void reset() {
    database.truncateClockworkTables();
  }

  /** A response: status, headers and body (parsed as JSON when it is JSON). */
  public record Response(int status, Map<String, List<String>> headers, String body) {
    public JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException("not JSON: " + body, e);
      }
    }

    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  public Response get(String path, String token) {
    return send(request(path, token, Map.of()).GET());
  }

  public Response get(String path, String token, Map<String, String> headers) {
    return send(request(path, token, headers).GET());
  }

  public Response post(String path, String token, String jsonBody) {
    return post(path, token, jsonBody, Map.of());
  }

  public Response post(String path, String token, String jsonBody, Map<String, String> headers) {
    return send(
        request(path, token, headers)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(jsonBody == null ? "" : jsonBody)));
  }

  /** A POST of {@code text} with Content-Type {@code contentType} (none when null). */
  public Response postText(String path, String token, String contentType, String text) {
    HttpRequest.Builder request = request(path, token, Map.of());
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    return send(request.POST(HttpRequest.BodyPublishers.ofString(text)));
  }

  public Response put(String path, String token, String jsonBody, Map<String, String> headers) {
    return send(
        request(path, token, headers)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(jsonBody)));
  }

  public Response delete(String path, String token, Map<String, String> headers) {
    return send(request(path, token, headers).DELETE());
  }

  private HttpRequest.Builder request(String path, String token, Map<String, String> headers) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url() + path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    headers.forEach(builder::header);
    return builder;
  }

  private Response send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.headers().map(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.close();
    engine.close();
    store.close();
  }
}
