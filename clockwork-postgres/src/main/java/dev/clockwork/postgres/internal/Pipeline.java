package dev.clockwork.postgres.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements sent in one round trip: their texts joined into one multi-statement query, their
 * parameters bound in turn, their results read in turn. PostgreSQL runs them in order, each with
 * its own snapshot, and stops at the first that fails. Used where a transaction's statements do not
 * depend on each other's results: a commit's writes, one statement per kind of row.
 */
final class Pipeline {
  /** Binds a statement's parameters from {@code index + 1} on; returns the last index bound. */
  @FunctionalInterface
  interface Binder {
    int bind(Connection connection, PreparedStatement statement, int index) throws SQLException;
  }

  /** Reads a statement's rows. */
  @FunctionalInterface
  interface Reader {
    void read(ResultSet rows) throws SQLException;
  }

  private record Part(String sql, Binder binder, Reader reader) {}

  private final List<Part> parts = new ArrayList<>();

  /** Adds a statement whose result is not read (an update count, or rows ignored). */
  Pipeline add(String sql, Binder binder) {
    return add(sql, binder, null);
  }

  /** Adds a statement whose rows {@code reader} reads. */
  Pipeline add(String sql, Binder binder, Reader reader) {
    parts.add(new Part(sql.strip(), binder, reader));
    return this;
  }

  boolean isEmpty() {
    return parts.isEmpty();
  }

  /** Sends every statement in one round trip and reads their results. */
  void run(Connection connection) throws SQLException {
    if (parts.isEmpty()) {
      return;
    }
    StringBuilder sql = new StringBuilder();
    for (Part part : parts) {
      sql.append(sql.length() == 0 ? "" : ";\n").append(part.sql());
    }
    try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
      int index = 0;
      for (Part part : parts) {
        index = part.binder().bind(connection, statement, index);
      }
      boolean rows = statement.execute();
      for (int p = 0; p < parts.size(); p++) {
        if (p > 0) {
          rows = statement.getMoreResults();
        }
        Reader reader = parts.get(p).reader();
        if (reader != null && rows) {
          try (ResultSet result = statement.getResultSet()) {
            reader.read(result);
          }
        }
      }
    }
  }
}
