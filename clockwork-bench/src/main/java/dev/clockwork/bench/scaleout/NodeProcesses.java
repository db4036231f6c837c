package dev.clockwork.bench.scaleout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code count} engine processes ({@link ScaleoutNode}, each a JVM of its own from this JVM's class
 * path) on one database; started together, ready once each printed so, stopped by closing their
 * standard input.
 */
final class NodeProcesses implements AutoCloseable {
  private final List<Process> nodes = new ArrayList<>();

  NodeProcesses(int count, String url, String user, Path logs) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    try {
      for (int i = 0; i < count; i++) {
        nodes.add(
            new ProcessBuilder(
                    java,
                    "-Xmx256m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    ScaleoutNode.class.getName(),
                    url,
                    user,
                    "node-" + (i + 1))
                .redirectError(Redirect.appendTo(logs.resolve("node-" + (i + 1) + ".log").toFile()))
                .start());
      }
      for (Process node : nodes) {
        awaitReady(node, logs);
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  private static void awaitReady(Process node, Path logs) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      if (line.equals(ScaleoutNode.READY)) {
        return;
      }
    }
    throw new IOException(
        "an engine process exited before it was ready (exit "
            + exitValue(node)
            + "); its output is in "
            + logs);
  }

  private static String exitValue(Process node) {
    try {
      return node.waitFor(10, TimeUnit.SECONDS) ? String.valueOf(node.exitValue()) : "none yet";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  int size() {
    return nodes.size();
  }

  /** Closes every node's standard input, then waits for each to exit (killed after a minute). */
  @Override
  public void close() {
    for (Process node : nodes) {
      try {
        node.getOutputStream().close();
      } catch (IOException e) {
        node.destroy();
      }
    }
    for (Process node : nodes) {
      try {
        if (!node.waitFor(1, TimeUnit.MINUTES)) {
          node.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        node.destroyForcibly();
      }
    }
  }
}
