package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthReport;
import dev.clockwork.runtime.store.QueueStats;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code clockwork queue …}: the queue seed's operator commands. */
@Command(
    name = "queue",
    description = "Operate the event queues: status, dead letters, retries, purges, pause, health.",
    subcommands = {
      QueueCommand.Status.class,
      DeadLetterCommand.class,
      QueueCommand.Retry.class,
      QueueCommand.Purge.class,
      QueueCommand.Pause.class,
      QueueCommand.Resume.class,
      QueueCommand.Health.class
    })
public final class QueueCommand {
  static final String RULE = "────────────────────────────────────────────────────";

  /** {@code queue status [machine]}. */
  @Command(name = "status", description = "Queue figures for every machine, or details of one.")
  public static final class Status implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Parameters(arity = "0..1", paramLabel = "MACHINE", description = "one machine's details")
    String machine;

    public Status(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (QueueContext queues = QueueContext.open(env, database)) {
        PrintWriter out = env.out();
        if (machine != null) {
          QueueStats stats = queues.admin.status(machine);
          QueueConfig config = queues.config.queueFor(machine);
          if (output.json()) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("stats", stats);
            json.put("strategy", config.strategy().name().toLowerCase(Locale.ROOT));
            json.put("concurrency", config.concurrency());
            json.put("timeout", config.timeout().toString());
            json.put("retry", config.retry());
            Json.print(out, json);
            return 0;
          }
          out.println(machine + " Queue Details");
          out.println(RULE);
          out.println("Configuration:");
          out.printf("  Strategy:      %s%n", config.strategy().name().toLowerCase(Locale.ROOT));
          out.printf("  Concurrency:   %d%n", config.concurrency());
          out.printf("  Timeout:       %ss%n", config.timeout().toMillis() / 1000.0);
          out.printf(
              "  Retry:         %d attempts, %s backoff%n",
              config.retry().maxAttempts(),
              config.retry().exponential() ? "exponential" : "linear");
          out.println();
          out.println("Current State:");
          out.printf(
              "  Status:        %s%n",
              stats.paused() ? "PAUSED (" + stats.pending() + " pending)" : "RUNNING");
          out.printf("  Pending:       %d events%n", stats.pending());
          out.printf("  Processing:    %d instances%n", stats.processing());
          out.printf("  Failed:        %d events (dead letters)%n", stats.deadLetters());
          if (stats.oldestPending() != null) {
            out.printf("  Oldest:        queued at %s%n", stats.oldestPending());
          }
          out.flush();
          return 0;
        }
        List<QueueStats> all = queues.admin.status();
        if (output.json()) {
          Json.print(out, all);
          return 0;
        }
        out.println("Queue Status");
        out.println(RULE);
        out.println("System: " + queues.config.system());
        out.printf(
            "  Strategy: %s | Concurrency: %d per machine (default)%n%n",
            queues.config.queue().strategy().name().toLowerCase(Locale.ROOT),
            queues.config.queue().concurrency());
        out.println("Machine Queues:");
        Table table = new Table("Machine", "Pending", "Processing", "Failed", "Status");
        long dead = 0;
        for (QueueStats stats : all) {
          table.row(
              stats.machine(),
              stats.pending(),
              stats.processing(),
              stats.deadLetters(),
              stats.paused() ? "PAUSED" : "running");
          dead += stats.deadLetters();
        }
        table.printBoxed(out);
        out.println();
        out.println("Dead Letter Queue: " + dead + " event" + (dead == 1 ? "" : "s"));
        out.flush();
        return 0;
      }
    }
  }

  /** {@code queue retry <id> [--delay 5s]} or {@code queue retry <machine> --all}. */
  @Command(
      name = "retry",
      description = "Retry a dead letter by id, or every dead letter of a machine with --all.")
  public static final class Retry implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Parameters(
        paramLabel = "ID|MACHINE",
        description = "a dead letter id, or a machine with --all")
    String target;

    @picocli.CommandLine.Option(
        names = "--all",
        description = "retry every dead letter of the machine")
    boolean all;

    @picocli.CommandLine.Option(
        names = "--delay",
        paramLabel = "DURATION",
        description = "retry after this long, e.g. 5s (default: now)")
    String delay;

    public Retry(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      java.time.Duration wait = QueueContext.duration("--delay", delay);
      wait = wait == null ? java.time.Duration.ZERO : wait;
      try (QueueContext queues = QueueContext.open(env, database)) {
        Map<String, Object> result = new LinkedHashMap<>();
        if (all) {
          int retried = queues.admin.retryAll(target, wait);
          result.put("machine", target);
          result.put("retried", retried);
          if (!output.json()) {
            env.out()
                .printf(
                    "Retrying %d dead letter%s of %s%n", retried, retried == 1 ? "" : "s", target);
          }
        } else {
          long id = DeadLetterCommand.parseId(target);
          var queued = queues.admin.retry(id, wait);
          result.put("id", id);
          result.put("instance", queued.instanceId());
          result.put("event", queued.event().type());
          result.put("availableAt", queued.availableAt());
          if (!output.json()) {
            env.out()
                .printf(
                    "Dead letter %d (%s on %s) is queued again, available at %s%n",
                    id, queued.event().type(), queued.instanceId(), queued.availableAt());
          }
        }
        if (output.json()) {
          Json.print(env.out(), result);
        }
        env.out().flush();
        return 0;
      }
    }
  }

  /** {@code queue purge <machine> --pending|--dlq|--older-than 24h --confirm}. */
  @Command(
      name = "purge",
      description = "Delete a machine's pending events and/or dead letters (needs --confirm).")
  public static final class Purge implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Parameters(paramLabel = "MACHINE")
    String machine;

    @picocli.CommandLine.Option(names = "--pending", description = "purge pending events")
    boolean pending;

    @picocli.CommandLine.Option(names = "--dlq", description = "purge dead letters")
    boolean dlq;

    @picocli.CommandLine.Option(
        names = "--older-than",
        paramLabel = "DURATION",
        description = "only what is older, e.g. 24h")
    String olderThan;

    @picocli.CommandLine.Option(
        names = "--confirm",
        description = "required: purging cannot be undone")
    boolean confirm;

    public Purge(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      java.time.Duration age = QueueContext.duration("--older-than", olderThan);
      if (!pending && !dlq && age == null) {
        throw new dev.clockwork.core.ClockworkException(
            "say what to purge: --pending, --dlq and/or --older-than DURATION");
      }
      boolean both = !pending && !dlq;
      if (!confirm) {
        env.err()
            .printf(
                "clockwork: purging %s of %s cannot be undone; nothing was changed. Add --confirm to proceed.%n",
                both
                    ? "pending events and dead letters"
                    : pending && dlq
                        ? "pending events and dead letters"
                        : pending ? "pending events" : "dead letters",
                machine);
        env.err().flush();
        return 1;
      }
      try (QueueContext queues = QueueContext.open(env, database)) {
        int purgedPending = pending || both ? queues.admin.purgePending(machine, age) : 0;
        int purgedDead = dlq || both ? queues.admin.purgeDeadLetters(machine, age) : 0;
        if (output.json()) {
          Map<String, Object> result = new LinkedHashMap<>();
          result.put("machine", machine);
          result.put("pending", purgedPending);
          result.put("deadLetters", purgedDead);
          Json.print(env.out(), result);
        } else {
          env.out()
              .printf(
                  "%s: purged %d pending events and %d dead letters%n",
                  machine, purgedPending, purgedDead);
          env.out().flush();
        }
        return 0;
      }
    }
  }

  /** {@code queue pause <machine>}. */
  @Command(
      name = "pause",
      description = "Pause a machine's queue on every node (events are still accepted).")
  public static final class Pause implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;

    @Parameters(paramLabel = "MACHINE")
    String machine;

    public Pause(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (QueueContext queues = QueueContext.open(env, database)) {
        queues.admin.pause(machine);
        QueueStats stats = queues.admin.status(machine);
        env.out().printf("%s: PAUSED (%d pending)%n", machine, stats.pending());
        env.out().flush();
        return 0;
      }
    }
  }

  /** {@code queue resume <machine>}. */
  @Command(name = "resume", description = "Resume a paused machine's queue.")
  public static final class Resume implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;

    @Parameters(paramLabel = "MACHINE")
    String machine;

    public Resume(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (QueueContext queues = QueueContext.open(env, database)) {
        queues.admin.resume(machine);
        env.out()
            .printf("%s: running (%d pending)%n", machine, queues.admin.status(machine).pending());
        env.out().flush();
        return 0;
      }
    }
  }

  /** {@code queue health}: exit code 0 healthy, 1 warning, 2 critical. */
  @Command(
      name = "health",
      description =
          "Check every queue against its alert thresholds (exit 0 healthy, 1 warning, 2 critical).")
  public static final class Health implements Callable<Integer> {
    private final CliEnvironment env;

    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    public Health(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      try (QueueContext queues = QueueContext.open(env, database)) {
        HealthReport report = queues.admin.health();
        if (output.json()) {
          Json.print(env.out(), report);
          return report.overall().exitCode();
        }
        PrintWriter out = env.out();
        out.println("Queue Health Check");
        out.println(RULE);
        out.println("Overall: " + report.overall());
        out.println();
        out.println("Checks:");
        for (HealthCheck check : report.checks()) {
          out.printf("  %-8s %s (%s)%n", mark(check), check.subject(), check.detail());
        }
        if (!report.recommendations().isEmpty()) {
          out.println();
          out.println("Recommendations:");
          report.recommendations().forEach(r -> out.println("  - " + r));
        }
        out.flush();
        return report.overall().exitCode();
      }
    }

    private static String mark(HealthCheck check) {
      return switch (check.level()) {
        case HEALTHY -> "ok";
        case WARNING -> "WARNING";
        case CRITICAL -> "CRITICAL";
      };
    }
  }
}
