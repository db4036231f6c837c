package dev.clockwork.runtime.config;

import static dev.clockwork.runtime.config.SettingFixture.T0;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.queue.Priority;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** The rows of every {@code queue} key, each at the system's level and at the machine's. */
final class QueueSettingRows {
  private static final Map<String, String> ONE_ATTEMPT = Map.of("queue.retry.max_attempts", "1");

  private QueueSettingRows() {}

  static List<SettingRow> all() {
    List<SettingRow> rows = new ArrayList<>();
    add(rows, "name", "other", q -> q.name("other"), f -> queueOfNewInstance(f).equals("other"));
    add(
        rows,
        "strategy",
        "priority",
        q -> q.strategy(QueueStrategy.PRIORITY),
        f -> {
          f.create("j-1");
          return f.engine
                  .enqueue(EventRequest.to("j-1", Event.of("GO")).priority(Priority.HIGH))
                  .priority()
              == Priority.HIGH;
        });
    add(rows, "concurrency", "1", q -> q.concurrency(1), QueueSettingRows::mostClaimedIsOne);
    add(
        rows,
        "timeout",
        "1 millisecond",
        q -> q.timeout(Duration.ofMillis(1)),
        f -> f.statusAfter("SLOW").attempts() == 1);
    retry(rows);
    add(
        rows,
        "dead_letter.enabled",
        "false",
        q -> q.deadLetter(d -> d.enabled(false)),
        ONE_ATTEMPT,
        f -> f.failOnce("j-1").state() == State.DISCARDED);
    add(
        rows,
        "dead_letter.retention",
        "1 hour",
        q -> q.deadLetter(d -> d.retention(Duration.ofHours(1))),
        ONE_ATTEMPT,
        f -> {
          f.failOnce("j-1");
          f.clock.advance(Duration.ofHours(2));
          f.engine.admin().queues().purgeExpiredDeadLetters();
          return f.engine.admin().queues().deadLetters(null, 10).isEmpty();
        });
    alerts(rows);
    return rows;
  }

  private static void retry(List<SettingRow> rows) {
    add(
        rows,
        "retry.max_attempts",
        "1",
        q -> q.retry(r -> r.maxAttempts(1)),
        f -> f.failOnce("j-1").state() == State.DEAD_LETTERED);
    add(
        rows,
        "retry.backoff",
        "linear",
        q -> q.retry(r -> r.backoff("linear")),
        f -> f.secondDelay().equals(Duration.ofSeconds(1)));
    add(
        rows,
        "retry.initial_delay",
        "5 seconds",
        q -> q.retry(r -> r.initialDelay(Duration.ofSeconds(5))),
        f -> f.failOnce("j-1").nextAttemptAt().equals(T0.plusSeconds(5)));
    add(
        rows,
        "retry.max_delay",
        "1 second",
        q -> q.retry(r -> r.maxDelay(Duration.ofSeconds(1))),
        f -> f.secondDelay().equals(Duration.ofSeconds(1)));
    add(
        rows,
        "retry.jitter",
        "1",
        q -> q.retry(r -> r.jitter(1)),
        f -> f.failOnce("j-1").nextAttemptAt().isBefore(T0.plusSeconds(1)));
  }

  private static void alerts(List<SettingRow> rows) {
    add(
        rows,
        "alerts.pending_warning",
        "1",
        q -> q.alerts(a -> a.pendingWarning(1)),
        f -> twoPending(f) == HealthLevel.WARNING);
    add(
        rows,
        "alerts.pending_critical",
        "1",
        q -> q.alerts(a -> a.pendingCritical(1)),
        Map.of("queue.alerts.pending_warning", "1"),
        f -> twoPending(f) == HealthLevel.CRITICAL);
    add(
        rows,
        "alerts.dlq_warning",
        "1",
        q -> q.alerts(a -> a.dlqWarning(1)),
        ONE_ATTEMPT,
        f -> oneDeadLetter(f) == HealthLevel.WARNING);
    add(
        rows,
        "alerts.dlq_critical",
        "1",
        q -> q.alerts(a -> a.dlqCritical(1)),
        Map.of("queue.retry.max_attempts", "1", "queue.alerts.dlq_warning", "1"),
        f -> oneDeadLetter(f) == HealthLevel.CRITICAL);
    add(
        rows,
        "alerts.processing_time_warning",
        "1 millisecond",
        q -> q.alerts(a -> a.processingTimeWarning(Duration.ofMillis(1))),
        f -> slow(f) == HealthLevel.WARNING);
    add(
        rows,
        "alerts.processing_time_critical",
        "2 milliseconds",
        q -> q.alerts(a -> a.processingTimeCritical(Duration.ofMillis(2))),
        Map.of("queue.alerts.processing_time_warning", "1 millisecond"),
        f -> slow(f) == HealthLevel.CRITICAL);
  }

  private static void add(
      List<SettingRow> rows,
      String key,
      String value,
      Consumer<QueueSettingsBuilder> code,
      Predicate<SettingFixture> applied) {
    add(rows, key, value, code, Map.of(), applied);
  }

  private static void add(
      List<SettingRow> rows,
      String key,
      String value,
      Consumer<QueueSettingsBuilder> code,
      Map<String, String> context,
      Predicate<SettingFixture> applied) {
    rows.addAll(SettingRow.queue(key, value, code, context, applied));
  }

  private static String queueOfNewInstance(SettingFixture f) {
    return f.engine.create(NewInstance.of("job").id("j-1")).queue();
  }

  /** Three instances with an event each: a cap of one lets {@code runDue} claim one at a time. */
  private static boolean mostClaimedIsOne(SettingFixture f) {
    for (int i = 0; i < 3; i++) {
      f.create("j-" + i);
      f.engine.enqueue("j-" + i, Event.of("GO"));
    }
    f.engine.runDue();
    return f.claims.stream().mapToInt(c -> c[1]).max().orElse(0) == 1;
  }

  private static HealthLevel twoPending(SettingFixture f) {
    f.create("j-1");
    f.engine.enqueue("j-1", Event.of("GO"));
    f.engine.enqueue("j-1", Event.of("GO"));
    return f.health("job queue");
  }

  private static HealthLevel oneDeadLetter(SettingFixture f) {
    f.failOnce("j-1");
    return f.health("job dead letters");
  }

  private static HealthLevel slow(SettingFixture f) {
    f.statusAfter("SLOW");
    return f.health("job processing time");
  }
}
