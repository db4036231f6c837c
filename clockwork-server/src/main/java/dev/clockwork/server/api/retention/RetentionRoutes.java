package dev.clockwork.server.api.retention;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.clockwork.runtime.listener.Subscription;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/retention} (viewer): rows removed by this node's retention passes since the
 * server started and by the last one, and per machine ({@code *}: every machine without retention
 * of its own) and table what the last pass left to do — the oldest row, its age and the backlog
 * (rows past their retention, counted up to a cap; {@code backlog_at_least} when more); and the
 * rows every node's passes removed so far, per machine and table, from the store. Hears the engine
 * from when it is built until {@link #close()}.
 */
public final class RetentionRoutes implements ApiRoutes, AutoCloseable {
  private final RetentionProgress progress = new RetentionProgress();
  private final Subscription subscription;
  private final ServerContext server;

  public RetentionRoutes(ServerContext server) {
    this.server = server;
    this.subscription = server.engine().listen(progress);
  }

  @Override
  public void register(Router router) {
    router.get(
        "/api/retention",
        Role.VIEWER,
        Namespaces.everyNamespace("retention progress", this::status));
  }

  /**
   * The answer.
   *
   * @param removedSinceStart rows removed by table since the server started
   * @param lastPassRemoved rows removed by table by the last pass (absent before the first)
   * @param lastPassTook how long the last pass took
   * @param tables per machine and table what is left to do, as of the pass that read it
   * @param removed per machine and table the rows every node's passes removed so far
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Status(
      Map<String, Long> removedSinceStart,
      Map<String, Long> lastPassRemoved,
      Duration lastPassTook,
      List<Table> tables,
      List<RemovedTotal> removed) {}

  /** One machine's table. */
  record Table(
      String machine,
      String table,
      Instant oldest,
      Long oldestAgeSeconds,
      long backlog,
      boolean backlogAtLeast,
      Instant readAt) {}

  private void status(Context ctx) {
    List<Table> tables = new ArrayList<>();
    progress
        .scopes()
        .forEach(
            (machine, scope) -> {
              RetentionBacklog backlog = scope.backlog();
              for (String table : backlog.overdue().keySet()) {
                Instant oldest = backlog.oldest().get(table);
                tables.add(
                    new Table(
                        machine,
                        table,
                        oldest,
                        oldest == null ? null : Duration.between(oldest, scope.at()).toSeconds(),
                        backlog.overdueOf(table),
                        backlog.isLowerBound(table),
                        scope.at()));
              }
            });
    tables.sort(Comparator.comparing(Table::machine).thenComparing(Table::table));
    ctx.json(
        new Status(
            progress.removedSinceStart().byTable(),
            progress.lastPassRemoved() == null ? null : progress.lastPassRemoved().byTable(),
            progress.lastPassTook(),
            tables,
            server.engine().admin().retentionRemoved()));
  }

  @Override
  public void close() {
    subscription.close();
  }
}
