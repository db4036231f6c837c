package dev.clockwork.cli.serve;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A {@code clockwork dev} database in a process of its own, for a test to kill with {@code kill
 * -9}: starts it on the directory given, writes one row, prints {@code ready} and waits to be
 * killed.
 */
public final class CrashedDevDatabase {
  static final String READY = "ready";

  private CrashedDevDatabase() {}

  public static void main(String[] args) throws SQLException, IOException {
    DevDatabase database = DevDatabase.start(Path.of(args[0]), false, notice -> {});
    try (Connection connection = database.dataSource().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE kept (name text)");
      statement.execute("INSERT INTO kept VALUES ('before the crash')");
    }
    System.out.println(READY);
    System.out.flush();
    // the test kills this process; it never closes the database
    while (System.in.read() >= 0) {
      // keep waiting
    }
  }
}
