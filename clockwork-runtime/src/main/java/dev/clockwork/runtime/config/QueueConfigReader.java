package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;
import java.util.Set;

/** Types one merged {@code queue:} block into a {@link QueueConfig}, defaults filling the gaps. */
final class QueueConfigReader {
  static final Set<String> QUEUE_KEYS =
      Set.of("name", "strategy", "concurrency", "timeout", "retry", "dead_letter", "alerts");
  static final Set<String> RETRY_KEYS =
      Set.of("max_attempts", "backoff", "initial_delay", "max_delay", "jitter");
  static final Set<String> DEAD_LETTER_KEYS = Set.of("enabled", "retention");
  static final Set<String> ALERT_KEYS =
      Set.of(
          "pending_warning",
          "pending_critical",
          "dlq_warning",
          "dlq_critical",
          "processing_time_warning",
          "processing_time_critical");

  /** The retry backoffs a config may name. */
  enum BackoffKind {
    LINEAR,
    EXPONENTIAL
  }

  private QueueConfigReader() {}

  static QueueConfig read(ConfigBlock queue) {
    QueueConfig d = QueueConfig.DEFAULT;
    queue.allowOnly(QUEUE_KEYS);
    ConfigBlock deadLetter = queue.child("dead_letter").allowOnly(DEAD_LETTER_KEYS);
    long concurrency = queue.whole("concurrency", d.concurrency(), 1);
    if (concurrency > 10_000) {
      throw queue.error("concurrency", "must be at most 10000");
    }
    return new QueueConfig(
        name(queue),
        queue.choice("strategy", d.strategy(), QueueStrategy.class),
        (int) concurrency,
        queue.duration("timeout", d.timeout(), false),
        retry(queue.child("retry")),
        deadLetter.bool("enabled", d.deadLetterEnabled()),
        deadLetter.duration("retention", d.deadLetterRetention(), false),
        alerts(queue.child("alerts")));
  }

  private static RetryPolicy retry(ConfigBlock retry) {
    retry.allowOnly(RETRY_KEYS);
    RetryPolicy d = RetryPolicy.DEFAULT;
    Duration initial = retry.duration("initial_delay", d.backoff().initialDelay(), true);
    Duration max = retry.duration("max_delay", d.backoff().maxDelay(), true);
    if (max.compareTo(initial) < 0) {
      throw retry.error("max_delay", "must not be shorter than initial_delay (" + initial + ")");
    }
    boolean exponential =
        retry.choice("backoff", BackoffKind.EXPONENTIAL, BackoffKind.class)
            == BackoffKind.EXPONENTIAL;
    return new RetryPolicy(
        (int) retry.whole("max_attempts", d.maxAttempts(), 1),
        new Backoff(exponential, initial, max, retry.fraction("jitter", d.backoff().jitter())));
  }

  private static AlertThresholds alerts(ConfigBlock alerts) {
    alerts.allowOnly(ALERT_KEYS);
    AlertThresholds a = AlertThresholds.DEFAULT;
    AlertThresholds thresholds =
        new AlertThresholds(
            alerts.whole("pending_warning", a.pendingWarning(), 0),
            alerts.whole("pending_critical", a.pendingCritical(), 0),
            alerts.whole("dlq_warning", a.dlqWarning(), 0),
            alerts.whole("dlq_critical", a.dlqCritical(), 0),
            alerts.duration("processing_time_warning", a.processingTimeWarning(), false),
            alerts.duration("processing_time_critical", a.processingTimeCritical(), false));
    checkOrder(alerts, "pending", thresholds.pendingWarning(), thresholds.pendingCritical());
    checkOrder(alerts, "dlq", thresholds.dlqWarning(), thresholds.dlqCritical());
    if (thresholds.processingTimeCritical().compareTo(thresholds.processingTimeWarning()) < 0) {
      throw alerts.error("processing_time_critical", "must not be below processing_time_warning");
    }
    return thresholds;
  }

  /** {@code name}: the queue the machine's new instances are served from. */
  private static String name(ConfigBlock queue) {
    String name = queue.text("name", QueueConfig.DEFAULT.name());
    if (name.isBlank() || !name.strip().equals(name)) {
      throw queue.error(
          "name",
          "must name a queue, e.g. 'name: high-priority', with no spaces around it; leave it out"
              + " for the '"
              + QueueConfig.DEFAULT.name()
              + "' queue");
    }
    return name;
  }

  private static void checkOrder(ConfigBlock alerts, String name, long warning, long critical) {
    if (critical < warning) {
      throw alerts.error(
          name + "_critical", "must not be below " + name + "_warning (" + warning + ")");
    }
  }
}
