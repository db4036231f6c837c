package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.OperatorLogStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The operator audit in {@code cw_operator_log}: appended to, read newest first by id, all of it or
 * one namespace's actions (rows whose {@code namespace} is that name; null rows are actions on
 * every namespace, listed only in the whole log).
 */
public final class OperatorActions implements OperatorLogStore {
  private static final String INSERT =
      """
      INSERT INTO cw_operator_log
             (at, principal, request_id, source, action, target, details, namespace)
      VALUES (?, ?, ?, ?, ?, ?, CAST(? AS jsonb), ?)
      RETURNING id
      """;

  private static final String LATEST =
      """
      SELECT id, at, principal, request_id, source, action, target, details, namespace
        FROM cw_operator_log
       WHERE id < ? AND (CAST(? AS text) IS NULL OR namespace = ?)
       ORDER BY id DESC
       LIMIT ?
      """;

  private final Jdbc jdbc;

  public OperatorActions(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public OperatorAction append(OperatorAction action) {
    return jdbc.autoCommit(
        "record operator action " + action.action(),
        connection -> {
          try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            insert.setObject(1, Instants.notAfter(action.at()));
            insert.setString(2, action.principal());
            insert.setString(3, action.requestId());
            insert.setString(4, action.source());
            insert.setString(5, action.action());
            insert.setString(6, action.target());
            insert.setString(7, JsonValuesCodec.write(action.details()));
            insert.setString(8, action.namespace());
            try (ResultSet rs = insert.executeQuery()) {
              rs.next();
              return action.withId(rs.getLong(1));
            }
          }
        });
  }

  @Override
  public List<OperatorAction> list(String namespace, long beforeId, int limit) {
    return jdbc.autoCommit(
        "read the operator log",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(LATEST)) {
            select.setLong(1, beforeId);
            select.setString(2, namespace);
            select.setString(3, namespace);
            select.setInt(4, limit);
            List<OperatorAction> actions = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                actions.add(
                    new OperatorAction(
                        rs.getLong("id"),
                        Instants.read(rs, "at"),
                        rs.getString("principal"),
                        rs.getString("request_id"),
                        rs.getString("source"),
                        rs.getString("action"),
                        rs.getString("target"),
                        JsonValuesCodec.readMap(rs.getString("details")),
                        rs.getString("namespace")));
              }
            }
            return actions;
          }
        });
  }
}
