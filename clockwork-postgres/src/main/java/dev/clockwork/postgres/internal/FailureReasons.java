package dev.clockwork.postgres.internal;

import java.sql.SQLException;

/**
 * PostgreSQL's failures in words an operator reads, by SQLState (the codes of PostgreSQL's "Errors
 * and Messages" appendix): what a health report and a log line say instead of the code.
 */
final class FailureReasons {
  private FailureReasons() {}

  /** The cause of {@code e} in words; PostgreSQL's own message for a state not listed here. */
  static String reason(SQLException e) {
    String state = e.getSQLState();
    if (state == null) {
      return message(e);
    }
    return switch (state) {
      case "25006" -> "the database is read-only";
      case "53100" -> "the database's disk is full";
      case "53200" -> "the database is out of memory";
      case "53300" -> "the database has no connection to spare";
      case "57P01", "57P02" -> "the database server was shut down";
      case "57P03" -> "the database server is starting up or recovering";
      case "57014" -> "a statement was cancelled (statement timeout, or by an operator)";
      case "40001" -> "a serialization failure";
      case "40P01" -> "a deadlock";
      case "42501" -> "the database user lacks a privilege";
      default ->
          state.startsWith("08")
              ? "the connection to the database failed"
              : state.startsWith("28") ? "the database refused the login" : message(e);
    };
  }

  private static String message(SQLException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
