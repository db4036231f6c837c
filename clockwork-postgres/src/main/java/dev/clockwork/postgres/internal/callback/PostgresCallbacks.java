package dev.clockwork.postgres.internal.callback;

import dev.clockwork.postgres.internal.Jdbc;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The PostgreSQL store's callbacks role ({@code cw_callbacks}, {@code cw_callback_deliveries}), on
 * the engine's database so every server sharing it shares the work: claims take due rows {@code FOR
 * UPDATE SKIP LOCKED} under a lease, so one callback is delivered by one server at a time.
 */
public final class PostgresCallbacks implements CallbackStore {
  private final Jdbc jdbc;

  public PostgresCallbacks(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** Reads one row of a result set. */
  private interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  @Override
  public StoredCallback register(NewCallback c) {
    String event = CallbackRows.eventJson(c.type(), c.payload(), c.priority());
    for (int tries = 0; tries < 2; tries++) {
      List<StoredCallback> rows =
          query(
              "register a callback for '" + c.instanceId() + "'",
              CallbackSql.REGISTER,
              CallbackRows::callback,
              c.instanceId(),
              c.eventKey(),
              event,
              c.url().toString(),
              c.principal(),
              at(c.createdAt()),
              c.instanceId(),
              c.eventKey());
      if (!rows.isEmpty()) {
        return rows.get(0);
      }
      // a concurrent registration with the same key committed after this statement's snapshot
    }
    throw new IllegalStateException(
        "the callback of '" + c.instanceId() + "' key '" + c.eventKey() + "' vanished");
  }

  @Override
  public void bind(long id, long eventId) {
    update("bind callback " + id, CallbackSql.BIND, eventId, id);
  }

  @Override
  public List<StoredCallback> unbound(Instant createdBefore, int limit) {
    return query(
        "list unbound callbacks",
        CallbackSql.UNBOUND,
        CallbackRows::callback,
        at(createdBefore),
        limit);
  }

  @Override
  public List<StoredCallback> waiting(long afterId, int limit) {
    return query(
        "list waiting callbacks", CallbackSql.WAITING, CallbackRows::callback, afterId, limit);
  }

  @Override
  public List<StoredCallback> waitingFor(String instanceId, long eventId) {
    return query(
        "list the callbacks of an event",
        CallbackSql.WAITING_FOR,
        CallbackRows::callback,
        instanceId,
        eventId);
  }

  @Override
  public void settle(long id, String outcome, String body, Instant dueAt) {
    update("settle callback " + id, CallbackSql.SETTLE, outcome, body, at(dueAt), id);
  }

  @Override
  public void abandon(long id, String reason) {
    update("abandon callback " + id, CallbackSql.ABANDON, reason, id);
  }

  @Override
  public List<StoredCallback> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    return query(
        "claim due callbacks",
        CallbackSql.CLAIM,
        CallbackRows::callback,
        owner,
        at(leaseUntil),
        at(now),
        at(now),
        limit);
  }

  @Override
  public boolean record(
      long id, String owner, DeliveryAttempt attempt, CallbackState next, Instant nextAttemptAt) {
    return jdbc.inTransaction(
        "record attempt " + attempt.attempt() + " of callback " + id,
        connection -> {
          try (PreparedStatement update = connection.prepareStatement(CallbackSql.RECORD)) {
            bind(
                update,
                next.label(),
                attempt.attempt(),
                at(nextAttemptAt),
                attempt.succeeded() ? at(attempt.at()) : null,
                attempt.status(),
                attempt.error(),
                id,
                owner);
            if (update.executeUpdate() == 0) {
              return false;
            }
          }
          try (PreparedStatement insert = connection.prepareStatement(CallbackSql.INSERT_ATTEMPT)) {
            bind(
                insert,
                id,
                attempt.attempt(),
                attempt.deliveryId(),
                at(attempt.at()),
                attempt.status(),
                attempt.error());
            insert.executeUpdate();
          }
          return true;
        });
  }

  @Override
  public List<StoredCallback> forEvent(String instanceId, long eventId) {
    return query(
        "read the callbacks of event " + eventId,
        CallbackSql.FOR_EVENT,
        CallbackRows::callback,
        instanceId,
        eventId);
  }

  @Override
  public List<DeliveryAttempt> attempts(long id) {
    return query(
        "read the attempts of callback " + id, CallbackSql.ATTEMPTS, CallbackRows::attempt, id);
  }

  private <T> List<T> query(String what, String statement, Row<T> row, Object... parameters) {
    return jdbc.inTransaction(
        what,
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(statement)) {
            bind(select, parameters);
            try (ResultSet rs = select.executeQuery()) {
              List<T> rows = new ArrayList<>();
              while (rs.next()) {
                rows.add(row.read(rs));
              }
              return rows;
            }
          }
        });
  }

  private void update(String what, String statement, Object... parameters) {
    jdbc.inTransaction(
        what,
        connection -> {
          try (PreparedStatement update = connection.prepareStatement(statement)) {
            bind(update, parameters);
            return update.executeUpdate();
          }
        });
  }

  private static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      statement.setObject(i + 1, parameters[i]);
    }
  }

  private static OffsetDateTime at(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }
}
