package dev.clockwork.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code clockwork dev} killed with {@code kill -9} leaves its PostgreSQL; the next start keeps
 * the data.
 */
class DevDatabaseRecoveryTest {
  @TempDir Path project;

  @Test
  void aServerLeftRunningByAKilledDevIsStoppedAndTheDataKept() throws Exception {
    Path directory = project.resolve(".clockwork/dev");
    crashWhileRunning(directory);
    Path pidFile = directory.resolve("postgres/postmaster.pid");
    assertThat(pidFile).as("the killed dev left its PostgreSQL running").exists();
    long stalePid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
    assertThat(ProcessHandle.of(stalePid).map(ProcessHandle::isAlive)).contains(true);

    List<String> notices = new ArrayList<>();
    try (DevDatabase database = DevDatabase.start(directory, false, notices::add)) {
      assertThat(keptRows(database)).containsExactly("before the crash");
    }
    assertThat(notices)
        .singleElement()
        .asString()
        .contains("Stopped the PostgreSQL (pid " + stalePid + ")")
        .contains("with its data")
        .doesNotContain("--fresh");
    assertThat(ProcessHandle.of(stalePid).filter(ProcessHandle::isAlive))
        .as("the stale server is stopped")
        .isEmpty();
  }

  @Test
  void aStalePidFileWithNoServerIsRemovedAndTheDataKept() throws Exception {
    Path directory = project.resolve(".clockwork/dev");
    try (DevDatabase database = DevDatabase.start(directory, false, notice -> {})) {
      execute(database, "CREATE TABLE kept (name text)");
      execute(database, "INSERT INTO kept VALUES ('before the crash')");
    }
    long deadPid = deadPid();
    Files.writeString(
        directory.resolve("postgres/postmaster.pid"),
        deadPid + "\n" + directory.resolve("postgres") + "\n",
        StandardCharsets.UTF_8);

    List<String> notices = new ArrayList<>();
    try (DevDatabase database = DevDatabase.start(directory, false, notices::add)) {
      assertThat(keptRows(database)).containsExactly("before the crash");
    }
    assertThat(notices)
        .singleElement()
        .asString()
        .contains("Removed a stale postmaster.pid (PostgreSQL pid " + deadPid + " is gone)");
  }

  private static void crashWhileRunning(Path directory) throws IOException, InterruptedException {
    Path out = Files.createTempFile("crashed-dev", ".out");
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                CrashedDevDatabase.class.getName(),
                directory.toString())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    try {
      await()
          .atMost(Duration.ofSeconds(120))
          .until(
              () -> Files.readString(out).contains(CrashedDevDatabase.READY) || !process.isAlive());
      assertThat(Files.readString(out))
          .as("the dev database started")
          .contains(CrashedDevDatabase.READY);
    } finally {
      process.destroyForcibly(); // kill -9: nothing of the dev's shutdown runs
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  private static long deadPid() throws IOException, InterruptedException {
    Process finished = new ProcessBuilder("true").start();
    assertThat(finished.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return finished.pid();
  }

  private static List<String> keptRows(DevDatabase database) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection connection = database.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT name FROM kept")) {
      while (result.next()) {
        rows.add(result.getString(1));
      }
    }
    return rows;
  }

  private static void execute(DevDatabase database, String sql) throws SQLException {
    try (Connection connection = database.dataSource().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
