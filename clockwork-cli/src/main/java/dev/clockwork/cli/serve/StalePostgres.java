package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A PostgreSQL that an earlier {@code clockwork dev} left in its data directory when it was killed
 * (its {@code postmaster.pid}, and often the server itself): stopped with the binaries it runs
 * from, or its stale pid file removed, so the next start keeps every instance and the token.
 */
final class StalePostgres {
  private static final long STOP_SECONDS = 15;

  private StalePostgres() {}

  /**
   * Clears what a crashed {@code clockwork dev} left in {@code data}; returns one line saying what
   * it did, or nothing when the directory was clean.
   */
  static Optional<String> clear(Path data) throws IOException {
    Path pidFile = data.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return Optional.empty();
    }
    long pid = pidIn(Files.readAllLines(pidFile, StandardCharsets.UTF_8));
    Optional<ProcessHandle> process =
        pid > 0 ? ProcessHandle.of(pid).filter(ProcessHandle::isAlive) : Optional.empty();
    if (process.isEmpty()) {
      Files.deleteIfExists(pidFile);
      return Optional.of(
          "Removed a stale postmaster.pid (PostgreSQL pid " + pid + " is gone); data kept");
    }
    Optional<Path> binary = process.get().info().command().map(Path::of);
    if (binary.isEmpty()) {
      throw new ClockworkException(
          "PostgreSQL pid "
              + pid
              + " still holds "
              + data
              + " and this user cannot see what it runs; stop it (pg_ctl stop -D "
              + data
              + ", or kill "
              + pid
              + ") and start clockwork dev again");
    }
    if (!binary.get().getFileName().toString().startsWith("postgres")) {
      Files.deleteIfExists(pidFile);
      return Optional.of(
          "Removed a stale postmaster.pid (its pid "
              + pid
              + " now belongs to "
              + binary.get().getFileName()
              + "); data kept");
    }
    stop(binary.get().resolveSibling("pg_ctl"), data, process.get());
    return Optional.of(
        "Stopped the PostgreSQL (pid "
            + pid
            + ") an earlier clockwork dev left running; starting it again with its data");
  }

  /**
   * Stops the server as {@code pg_ctl stop} does, fast and then immediate; where pg_ctl refuses (it
   * will not run as root) the same signals are sent with {@code kill}: SIGINT, then SIGQUIT.
   */
  private static void stop(Path pgCtl, Path data, ProcessHandle server) throws IOException {
    String pid = Long.toString(server.pid());
    String wait = Long.toString(STOP_SECONDS);
    String directory = data.toString();
    List<List<String>> attempts =
        List.of(
            List.of(pgCtl.toString(), "stop", "-D", directory, "-m", "fast", "-w", "-t", wait),
            List.of(pgCtl.toString(), "stop", "-D", directory, "-m", "immediate", "-w", "-t", wait),
            List.of("kill", "-INT", pid),
            List.of("kill", "-QUIT", pid));
    StringBuilder said = new StringBuilder();
    for (List<String> attempt : attempts) {
      if (run(attempt, data, said) && gone(server)) {
        return;
      }
    }
    throw new ClockworkException(
        "cannot stop the PostgreSQL (pid "
            + pid
            + ") an earlier clockwork dev left in "
            + data
            + " ("
            + said.toString().strip()
            + "); stop it with `kill "
            + pid
            + "` and start clockwork dev again");
  }

  private static boolean run(List<String> command, Path data, StringBuilder said)
      throws IOException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(STOP_SECONDS + 5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return false;
      }
      if (process.exitValue() != 0) {
        said.append(output.lines().findFirst().orElse(command.get(0) + " failed")).append("; ");
      }
      return process.exitValue() == 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClockworkException("interrupted while stopping the stale PostgreSQL in " + data);
    }
  }

  private static boolean gone(ProcessHandle server) {
    try {
      server.onExit().get(STOP_SECONDS, TimeUnit.SECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException e) {
      return !server.isAlive();
    }
  }

  private static long pidIn(List<String> lines) {
    try {
      return lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
