package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.machines.ClockworkMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Set;

/**
 * An engine on a benchmark database with the HTTP server over it, as {@code clockwork dev} runs.
 */
final class ApiServer implements AutoCloseable {
  static final String TOKEN = "bench-token";

  final PostgresStore store;
  final Engine engine;
  final ClockworkServer server;

  ApiServer(BenchDatabase db, boolean workers) {
    this.store = db.store();
    this.engine = Engine.builder().store(store).register(ClockworkMachines.toggle()).build();
    if (workers) {
      engine.start();
    }
    this.server =
        ClockworkServer.builder(engine)
            .access(
                AccessPolicy.of(
                    List.of(ApiToken.ofSecret("bench", TOKEN, Role.ADMIN, Set.of("*")))))
            .port(0)
            .start();
  }

  HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(server.url() + path))
        .header("Authorization", "Bearer " + TOKEN);
  }

  @Override
  public void close() {
    server.close();
    engine.close();
    store.close();
  }
}
