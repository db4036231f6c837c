package dev.clockwork.server.callback.store;

import dev.clockwork.server.callback.CallbackState;
import dev.clockwork.server.callback.CallbackStore;
import dev.clockwork.server.callback.DeliveryAttempt;
import dev.clockwork.server.callback.NewCallback;
import dev.clockwork.server.callback.StoredCallback;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Callbacks in PostgreSQL ({@code cw_callbacks}, {@code cw_callback_deliveries}; Clockwork's
 * migrations create them), on the engine's database so every server sharing it shares the work:
 * claims take due rows {@code FOR UPDATE SKIP LOCKED} under a lease, so one callback is delivered
 * by one server at a time.
 *
 * <pre>{@code
 * CallbackStore store = PostgresCallbackStore.on(dataSource);
 * }</pre>
 */
public final class PostgresCallbackStore implements CallbackStore {
  private final Sql sql;

  private PostgresCallbackStore(DataSource dataSource) {
    this.sql = new Sql(dataSource);
  }

  /** A store on {@code dataSource}, whose schema Clockwork's migrations have brought up to date. */
  public static PostgresCallbackStore on(DataSource dataSource) {
    return new PostgresCallbackStore(Objects.requireNonNull(dataSource, "dataSource"));
  }

  @Override
  public StoredCallback register(NewCallback c) {
    String event = CallbackRows.eventJson(c.type(), c.payload(), c.priority());
    for (int tries = 0; tries < 2; tries++) {
      List<StoredCallback> rows =
          sql.query(
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
    sql.update("bind callback " + id, CallbackSql.BIND, eventId, id);
  }

  @Override
  public List<StoredCallback> unbound(Instant createdBefore, int limit) {
    return sql.query(
        "list unbound callbacks",
        CallbackSql.UNBOUND,
        CallbackRows::callback,
        at(createdBefore),
        limit);
  }

  @Override
  public List<StoredCallback> waiting(long afterId, int limit) {
    return sql.query(
        "list waiting callbacks", CallbackSql.WAITING, CallbackRows::callback, afterId, limit);
  }

  @Override
  public List<StoredCallback> waitingFor(String instanceId, long eventId) {
    return sql.query(
        "list the callbacks of an event",
        CallbackSql.WAITING_FOR,
        CallbackRows::callback,
        instanceId,
        eventId);
  }

  @Override
  public void settle(long id, String outcome, String body, Instant dueAt) {
    sql.update("settle callback " + id, CallbackSql.SETTLE, outcome, body, at(dueAt), id);
  }

  @Override
  public void abandon(long id, String reason) {
    sql.update("abandon callback " + id, CallbackSql.ABANDON, reason, id);
  }

  @Override
  public List<StoredCallback> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    return sql.query(
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
    return sql.inTransaction(
        "record attempt " + attempt.attempt() + " of callback " + id,
        connection -> {
          try (PreparedStatement update = connection.prepareStatement(CallbackSql.RECORD)) {
            Sql.bind(
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
            Sql.bind(
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
    return sql.query(
        "read the callbacks of event " + eventId,
        CallbackSql.FOR_EVENT,
        CallbackRows::callback,
        instanceId,
        eventId);
  }

  @Override
  public List<DeliveryAttempt> attempts(long id) {
    return sql.query(
        "read the attempts of callback " + id, CallbackSql.ATTEMPTS, CallbackRows::attempt, id);
  }

  private static OffsetDateTime at(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }

  /** Work in one transaction. */
  interface InTransaction<T> {
    T run(Connection connection) throws SQLException;
  }
}
