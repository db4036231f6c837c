package dev.clockwork.cli.command;

import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.QueueStats;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code queue status MACHINE}: the seed's details of one queue — configuration, current state
 * (with Completed over the last hour, Throughput and Avg Time over the last 5 minutes) and the
 * Pending Events it serves next.
 */
final class QueueDetails {
  /** How many of the pending events are listed. */
  static final int PENDING_SHOWN = 10;

  private QueueDetails() {}

  /** The retry policy as JSON: attempts and the backoff's fields, flat. */
  private static Map<String, Object> retryJson(RetryPolicy retry) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("maxAttempts", retry.maxAttempts());
    json.put("initialDelay", retry.backoff().initialDelay());
    json.put("maxDelay", retry.backoff().maxDelay());
    json.put("exponential", retry.backoff().exponential());
    json.put("jitter", retry.backoff().jitter());
    return json;
  }

  static void print(
      PrintWriter out, OutputOption output, QueueContext queues, String machine, Clock clock) {
    QueueStats stats = queues.admin.status(machine);
    QueueConfig config = queues.config.queue(machine);
    QueueActivity hour = queues.admin.activity(machine, Duration.ofHours(1));
    QueueActivity recent = queues.admin.activity(machine, QueueStatusCommand.RECENT);
    List<QueuedEvent> pending = queues.admin.queuedEvents(machine, PENDING_SHOWN);
    if (output.json()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("stats", stats);
      json.put("strategy", config.strategy().name().toLowerCase(Locale.ROOT));
      json.put("concurrency", config.concurrency());
      json.put("timeout", config.timeout());
      json.put("retry", retryJson(config.retry()));
      json.put("completedLastHour", hour.completed());
      json.put("throughputPerSecond", recent.completedPerSecond());
      json.put("averageProcessingTime", recent.averageProcessingTime());
      json.put("pendingEvents", pending.stream().map(QueueDetails::pendingJson).toList());
      Json.print(out, json);
      return;
    }
    out.println(machine + " Queue Details");
    out.println(QueueCommand.RULE);
    out.println("Configuration:");
    out.printf("  Strategy:      %s%n", config.strategy().name().toLowerCase(Locale.ROOT));
    out.printf("  Concurrency:   %d%n", config.concurrency());
    out.printf("  Timeout:       %s%n", HumanDuration.format(config.timeout()));
    out.printf(
        "  Retry:         %d attempts, %s backoff%n",
        config.retry().maxAttempts(),
        config.retry().backoff().exponential() ? "exponential" : "linear");
    out.println();
    out.println("Current State:");
    out.printf(
        "  Status:        %s%n",
        stats.paused() ? "PAUSED (" + stats.pending() + " pending)" : "RUNNING");
    out.printf("  Pending:       %s%n", count(stats.pending(), "event"));
    out.printf(
        "  Processing:    %d/%d instances active%n", stats.processing(), config.concurrency());
    out.printf("  Failed:        %s (dead letters)%n", count(stats.deadLetters(), "event"));
    out.printf("  Completed:     %s (last hour)%n", count(hour.completed(), "event"));
    out.printf("  Throughput:    ~%s events/sec (last 5 minutes)%n", rate(recent));
    out.printf(
        "  Avg Time:      %s (last 5 minutes)%n",
        HumanDuration.format(recent.averageProcessingTime()));
    out.println();
    printPending(out, stats, pending, clock.instant());
    out.flush();
  }

  private static void printPending(
      PrintWriter out, QueueStats stats, List<QueuedEvent> pending, Instant now) {
    if (pending.isEmpty()) {
      out.println("Pending Events: none");
      return;
    }
    out.println("Pending Events:");
    Table table = new Table("Instance", "Event", "Priority", "Queued At");
    for (QueuedEvent event : pending) {
      table.row(
          event.instanceId(),
          event.event().type(),
          event.priority().name().toLowerCase(Locale.ROOT),
          HumanDuration.ago(Duration.between(event.enqueuedAt(), now)));
    }
    if (stats.pending() > pending.size()) {
      table.row("… " + (stats.pending() - pending.size()) + " more", "", "", "");
    }
    table.printBoxed(out);
  }

  private static Map<String, Object> pendingJson(QueuedEvent event) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("id", event.id());
    json.put("instance", event.instanceId());
    json.put("event", event.event().type());
    json.put("priority", event.priority().name().toLowerCase(Locale.ROOT));
    json.put("attempts", event.attempts());
    json.put("enqueuedAt", event.enqueuedAt());
    json.put("availableAt", event.availableAt());
    return json;
  }

  /** {@code 1,234 events}, {@code 1 event}. */
  private static String count(long n, String noun) {
    return String.format(Locale.ROOT, "%,d %s%s", n, noun, n == 1 ? "" : "s");
  }

  /** {@code 20}, {@code 1.5}, {@code 0.02}: two decimals at most, none from 10 on. */
  static String rate(QueueActivity activity) {
    double perSecond = activity.completedPerSecond();
    if (perSecond >= 10) {
      return String.format(Locale.ROOT, "%.0f", perSecond);
    }
    String text = String.format(Locale.ROOT, "%.2f", perSecond);
    return text.replaceAll("\\.?0+$", "");
  }
}
