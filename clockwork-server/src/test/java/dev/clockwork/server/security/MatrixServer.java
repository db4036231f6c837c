package dev.clockwork.server.security;

import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A server for the access matrix, set up like {@code ApiFixture} (embedded PostgreSQL, a virtual
 * clock, the example machines, schedules, metrics) but with a token for each {@link MatrixCaller}
 * it is given, so callers over other namespaces can be added as columns.
 */
final class MatrixServer implements AutoCloseable {
  private final TestDatabase database;
  private final PostgresStore store;
  private final Engine engine;
  private final ClockworkServer server;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** What a cell's call was answered. */
  record Answer(int status, String body) {}

  MatrixServer(List<MatrixCaller> callers) {
    this.database = EmbeddedPostgresDatabase.shared().newDatabase();
    this.store = PostgresStore.on(database.dataSource());
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Engine.Builder builder =
        Engine.builder()
            .store(store)
            .clock(VirtualClock.at("2026-11-25T10:00:00Z"))
            .metrics(metrics);
    new ExampleMachines().machines().forEach(builder::register);
    this.engine = builder.build();
    Schedules schedules = Schedules.builder(engine).store(store.schedules()).build();
    this.server =
        ClockworkServer.builder(engine)
            .schedules(schedules)
            .access(
                AccessPolicy.of(
                    callers.stream()
                        .filter(MatrixCaller::hasToken)
                        .map(caller -> caller.asking(null))
                        .distinct()
                        .map(MatrixCaller::token)
                        .toList()))
            .metrics(metrics)
            .port(0)
            .start();
  }

  Engine engine() {
    return engine;
  }

  ClockworkServer server() {
    return server;
  }

  /** Calls {@code row}'s route as {@code caller}; an endless answer is closed after its status. */
  Answer call(RouteRow row, MatrixCaller caller, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.url() + row.target()))
            .timeout(Duration.ofSeconds(20));
    if (caller.hasToken()) {
      request.header("Authorization", "Bearer " + caller.secret());
    }
    headers.forEach(request::header);
    switch (row.method()) {
      case "GET" -> request.GET();
      case "DELETE" -> request.DELETE();
      default ->
          request
              .header("Content-Type", "application/json")
              .method(row.method(), HttpRequest.BodyPublishers.ofString(row.body()));
    }
    try {
      HttpResponse<InputStream> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream body = response.body()) {
        String text = row.endless() ? "" : new String(body.readAllBytes(), StandardCharsets.UTF_8);
        return new Answer(response.statusCode(), text);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(row + " as " + caller, e);
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
