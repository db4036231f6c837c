package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;
import java.util.Set;

/** Types one merged {@code queue:} block into a {@link QueueConfig}, defaults filling the gaps. */
final class QueueConfigReader {
  private static final Set<String> QUEUE_KEYS =
      Set.of("name", "strategy", "concurrency", "timeout", "retry", "dead_letter", "alerts");
  private static final Set<String> RETRY_KEYS =
      Set.of("max_attempts", "backoff", "initial_delay", "max_delay");
  private static final Set<String> DEAD_LETTER_KEYS = Set.of("enabled", "retention");
  private static final Set<String> ALERT_KEYS =
      Set.of(
          "pending_warning",
          "pending_critical",
          "dlq_warning",
          "dlq_critical",
          "processing_time_warning",
          "processing_time_critical");

  /** The retry backoffs a config may name. */
  enum Backoff {
    LINEAR,
    EXPONENTIAL
  }

  private QueueConfigReader() {}

  static QueueConfig read(SettingReader queue) {
    QueueConfig d = QueueConfig.DEFAULT;
    queue.allowOnly(QUEUE_KEYS);
    SettingReader retry = queue.child("retry").allowOnly(RETRY_KEYS);
    SettingReader deadLetter = queue.child("dead_letter").allowOnly(DEAD_LETTER_KEYS);
    SettingReader alerts = queue.child("alerts").allowOnly(ALERT_KEYS);

    Duration initial = retry.duration("initial_delay", d.retry().initialDelay(), true);
    Duration max = retry.duration("max_delay", d.retry().maxDelay(), true);
    if (max.compareTo(initial) < 0) {
      throw retry.error(
          retry.get("max_delay"),
          retry.at("max_delay"),
          "must not be shorter than initial_delay (" + initial + ")");
    }
    RetryPolicy policy =
        new RetryPolicy(
            (int) retry.whole("max_attempts", d.retry().maxAttempts(), 1),
            initial,
            max,
            retry.choice("backoff", Backoff.EXPONENTIAL, Backoff.class) == Backoff.EXPONENTIAL);

    AlertThresholds a = d.alerts();
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
      throw alerts.error(
          alerts.get("processing_time_critical"),
          alerts.at("processing_time_critical"),
          "must not be below processing_time_warning");
    }

    long concurrency = queue.whole("concurrency", d.concurrency(), 1);
    if (concurrency > 10_000) {
      throw queue.error(queue.get("concurrency"), queue.at("concurrency"), "must be at most 10000");
    }
    return new QueueConfig(
        name(queue),
        queue.choice("strategy", d.strategy(), QueueStrategy.class),
        (int) concurrency,
        queue.duration("timeout", d.timeout(), false),
        policy,
        deadLetter.bool("enabled", d.deadLetterEnabled()),
        deadLetter.duration("retention", d.deadLetterRetention(), false),
        thresholds);
  }

  /** {@code name}: the queue the machine's new instances are served from. */
  private static String name(SettingReader queue) {
    String name = queue.text("name", QueueConfig.DEFAULT.name());
    if (name.isBlank() || !name.strip().equals(name)) {
      throw queue.error(
          queue.get("name"),
          queue.at("name"),
          "must name a queue, e.g. 'name: high-priority', with no spaces around it; leave it out"
              + " for the '"
              + QueueConfig.DEFAULT.name()
              + "' queue");
    }
    return name;
  }

  private static void checkOrder(SettingReader alerts, String name, long warning, long critical) {
    if (critical < warning) {
      throw alerts.error(
          alerts.get(name + "_critical"),
          alerts.at(name + "_critical"),
          "must not be below " + name + "_warning (" + warning + ")");
    }
  }
}
