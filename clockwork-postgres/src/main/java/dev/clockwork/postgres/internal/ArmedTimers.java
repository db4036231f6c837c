package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.postgres.internal.json.FireRetryJson;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.store.FireRetry;
import dev.clockwork.runtime.store.TimerView;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Armed timers for operators, read from the snapshots: instances in order of their earliest timer
 * ({@code next_timer_at}), a page at a time, each expanded into its timers, until no instance left
 * unread can have a timer among the soonest asked for. Timers whose fire failed for good are not
 * armed; the fire waiting for a retry is listed at its retry instant. A namespace (null for every
 * one) keeps the instances whose stored id is in it.
 */
public final class ArmedTimers {
  private static final int PAGE = 200;

  private static final String PAGE_OF_INSTANCES =
      """
      SELECT id, machine, timers, fire_retry, next_timer_at
        FROM cw_instances
       WHERE next_timer_at IS NOT NULL AND status = 'ACTIVE'
         AND (CAST(? AS text) IS NULL OR machine = ?)
         AND (CAST(? AS timestamptz) IS NULL OR (next_timer_at, id) > (?, ?))\
      """;

  private static final String PAGE_ORDER = "\n ORDER BY next_timer_at, id\n LIMIT ?";

  private static final Comparator<TimerView> SOONEST =
      Comparator.comparing(TimerView::due).thenComparing(TimerView::instanceId);

  private final Jdbc jdbc;

  public ArmedTimers(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public List<TimerView> armed(String machine, String namespace, String statePrefix, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    return jdbc.autoCommit(
        "list armed timers",
        connection -> {
          List<TimerView> views = new ArrayList<>();
          OffsetDateTime afterAt = null;
          String afterId = null;
          String sql = PAGE_OF_INSTANCES + NamespaceFilter.and("id", namespace) + PAGE_ORDER;
          while (true) {
            int read = 0;
            try (PreparedStatement select = connection.prepareStatement(sql)) {
              bind(select, machine, namespace, afterAt, afterId);
              try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                  read++;
                  afterAt = rs.getObject("next_timer_at", OffsetDateTime.class);
                  afterId = rs.getString("id");
                  expand(rs, statePrefix, views);
                }
              }
            }
            views.sort(SOONEST);
            // an instance not read yet has no timer due before afterAt (rounded up) less 1 µs
            boolean complete =
                views.size() >= limit
                    && afterAt != null
                    && views.get(limit - 1).due().isBefore(afterAt.toInstant().minusNanos(1000));
            if (read < PAGE || complete) {
              return views.size() > limit ? List.copyOf(views.subList(0, limit)) : views;
            }
          }
        });
  }

  private static void bind(
      PreparedStatement select,
      String machine,
      String namespace,
      OffsetDateTime afterAt,
      String afterId)
      throws SQLException {
    select.setString(1, machine);
    select.setString(2, machine);
    select.setObject(3, afterAt, Types.TIMESTAMP_WITH_TIMEZONE);
    select.setObject(4, afterAt, Types.TIMESTAMP_WITH_TIMEZONE);
    select.setString(5, afterId);
    int i = NamespaceFilter.bind(select, 5, namespace);
    select.setInt(++i, PAGE);
  }

  /** Adds the instance's armed timers in the state prefix (all when null) to {@code views}. */
  private static void expand(ResultSet rs, String statePrefix, List<TimerView> views)
      throws SQLException {
    FireRetry retry = FireRetryJson.read(rs.getString("fire_retry"));
    for (ArmedTimer timer : SnapshotJson.readTimers(rs.getString("timers"))) {
      String state = timer.statePath();
      boolean inPrefix =
          statePrefix == null || state.equals(statePrefix) || state.startsWith(statePrefix + ".");
      if (timer.failed() || !inPrefix) {
        continue;
      }
      boolean retrying =
          retry != null && retry.isFor(new TimerFire(timer.key(), timer.entryId(), timer.due()));
      Instant due = retrying ? retry.retryAt() : timer.due();
      views.add(
          new TimerView(
              rs.getString("id"),
              rs.getString("machine"),
              state,
              timer.event(),
              due,
              timer.fires(),
              timer.key()));
    }
  }
}
