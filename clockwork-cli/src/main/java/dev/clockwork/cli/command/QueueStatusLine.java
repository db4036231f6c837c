package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.store.QueueStats;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code queue pause} and {@code queue resume} answer: the queue's status after the change,
 * {@code order: PAUSED (15 pending)} as the seed prints it, or {@code {"machine": "order",
 * "status": "paused", "pending": 15}}.
 */
final class QueueStatusLine {
  private QueueStatusLine() {}

  static void print(CliEnvironment env, OutputOption output, QueueStats stats) {
    if (output.json()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("machine", stats.machine());
      json.put("status", stats.paused() ? "paused" : "running");
      json.put("pending", stats.pending());
      Json.print(env.out(), json);
      return;
    }
    env.out()
        .printf(
            "%s: %s (%d pending)%n",
            stats.machine(), stats.paused() ? "PAUSED" : "running", stats.pending());
    env.out().flush();
  }
}
