package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.postgres.internal.json.FireRetryJson;
import dev.clockwork.postgres.internal.json.SnapshotJson;
import dev.clockwork.runtime.store.FireRetry;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Armed timers for operators, a page at a time in {@link TimerPosition#ORDER}, read from the
 * snapshots: the timers live in each instance's {@code timers} column, and the row indexes only the
 * earliest of them ({@code next_timer_at}, rounded up to the microsecond). A page after a position
 * due at {@code d} reads two kinds of instance:
 *
 * <ol>
 *   <li>those whose earliest timer is due before {@code d} and which still hold a timer due at or
 *       after {@code d} (a timer or the fire waiting for a retry): every one of them, in id order,
 *       since any may hold the next timer;
 *   <li>the others, whose earliest timer is due at {@code d} or later, in order of that timer, a
 *       page at a time, each expanded into its timers, until no instance left unread can have a
 *       timer among the soonest asked for.
 * </ol>
 *
 * The first page reads the second kind only. Timers whose fire failed for good are not armed; the
 * fire waiting for a retry is listed at its retry instant. A namespace (null for every one) keeps
 * the instances whose stored id is in it.
 */
public final class ArmedTimers {
  private static final int PAGE = 200;

  private static final String COLUMNS =
      """
      SELECT id, machine, timers, fire_retry, next_timer_at
        FROM cw_instances i
       WHERE next_timer_at IS NOT NULL AND status = 'ACTIVE'
         AND (CAST(? AS text) IS NULL OR machine = ?)\
      """;

  /** Instances of the first kind: due before the bound, holding a timer due at or after it. */
  private static final String STRADDLING =
      COLUMNS
          + """

         AND next_timer_at < ? AND id > ?
         AND (fire_retry_at >= ?
              OR EXISTS (SELECT 1
                           FROM jsonb_array_elements(i.timers) AS t
                          WHERE CAST(regexp_replace(t ->> 'due', '(\\.\\d{6})\\d+', '\\1')
                                     AS timestamptz) >= ?))\
         """;

  /** Instances of the second kind, after a (next_timer_at, id) (none: every one). */
  private static final String LATER =
      COLUMNS + "\n   AND (CAST(? AS timestamptz) IS NULL OR (next_timer_at, id) > (?, ?))";

  private final Jdbc jdbc;

  public ArmedTimers(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public List<TimerView> armed(
      String machine, String namespace, String statePrefix, TimerPosition after, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    return jdbc.autoCommit(
        "list armed timers",
        connection -> {
          Page page = new Page(after, statePrefix, limit);
          OffsetDateTime bound = null;
          if (after != null) {
            bound =
                OffsetDateTime.ofInstant(
                    after.due().truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
            straddling(connection, machine, namespace, bound, page);
          }
          later(connection, machine, namespace, bound, page);
          return page.timers();
        });
  }

  private static void straddling(
      Connection connection, String machine, String namespace, OffsetDateTime bound, Page page)
      throws SQLException {
    String sql = STRADDLING + NamespaceFilter.and("id", namespace) + "\n ORDER BY id\n LIMIT ?";
    String afterId = "";
    int read = PAGE;
    while (read == PAGE) {
      read = 0;
      try (PreparedStatement select = connection.prepareStatement(sql)) {
        int i = bindMachine(select, machine);
        select.setObject(++i, bound, Types.TIMESTAMP_WITH_TIMEZONE);
        select.setString(++i, afterId);
        select.setObject(++i, bound, Types.TIMESTAMP_WITH_TIMEZONE);
        select.setObject(++i, bound, Types.TIMESTAMP_WITH_TIMEZONE);
        i = NamespaceFilter.bind(select, i, namespace);
        select.setInt(++i, PAGE);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            read++;
            afterId = rs.getString("id");
            page.expand(rs);
          }
        }
      }
      page.trim();
    }
  }

  private static void later(
      Connection connection, String machine, String namespace, OffsetDateTime bound, Page page)
      throws SQLException {
    String sql =
        LATER + NamespaceFilter.and("id", namespace) + "\n ORDER BY next_timer_at, id\n LIMIT ?";
    OffsetDateTime afterAt = bound;
    String afterId = bound == null ? null : ""; // every id sorts after "": each one at the bound
    while (true) {
      int read = 0;
      try (PreparedStatement select = connection.prepareStatement(sql)) {
        int i = bindMachine(select, machine);
        select.setObject(++i, afterAt, Types.TIMESTAMP_WITH_TIMEZONE);
        select.setObject(++i, afterAt, Types.TIMESTAMP_WITH_TIMEZONE);
        select.setString(++i, afterId);
        i = NamespaceFilter.bind(select, i, namespace);
        select.setInt(++i, PAGE);
        try (ResultSet rs = select.executeQuery()) {
          while (rs.next()) {
            read++;
            afterAt = rs.getObject("next_timer_at", OffsetDateTime.class);
            afterId = rs.getString("id");
            page.expand(rs);
          }
        }
      }
      page.trim();
      // an instance not read yet has no timer due before afterAt (rounded up) less 1 µs
      if (read < PAGE || page.completeBefore(afterAt.toInstant().minusNanos(1000))) {
        return;
      }
    }
  }

  private static int bindMachine(PreparedStatement select, String machine) throws SQLException {
    select.setString(1, machine);
    select.setString(2, machine);
    return 2;
  }

  /** The soonest timers found so far after the position, at most the limit. */
  private static final class Page {
    private final TimerPosition after;
    private final String statePrefix;
    private final int limit;
    private final List<TimerView> found = new ArrayList<>();

    Page(TimerPosition after, String statePrefix, int limit) {
      this.after = after;
      this.statePrefix = statePrefix;
      this.limit = limit;
    }

    /** Adds the row's armed timers in the state prefix after the position. */
    void expand(ResultSet rs) throws SQLException {
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
        TimerView view =
            new TimerView(
                rs.getString("id"),
                rs.getString("machine"),
                state,
                timer.event(),
                due,
                timer.fires(),
                timer.key());
        if (after == null || after.isBefore(view)) {
          found.add(view);
        }
      }
    }

    /** Keeps the soonest {@code limit} found. */
    void trim() {
      found.sort(TimerPosition.ORDER);
      if (found.size() > limit) {
        found.subList(limit, found.size()).clear();
      }
    }

    /** True when the page is full with timers all due before {@code instant}. */
    boolean completeBefore(Instant instant) {
      return found.size() >= limit && found.get(limit - 1).due().isBefore(instant);
    }

    List<TimerView> timers() {
      return List.copyOf(found);
    }
  }
}
