package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/** A {@code queue} block made in code; see {@link QueueConfig} for what each key does. */
public final class QueueSettingsBuilder extends CodeBlock<QueueSettingsBuilder> {
  QueueSettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code name}: the queue new instances are served from. */
  public QueueSettingsBuilder name(String queue) {
    return set("name", "name", queue);
  }

  /** {@code strategy}: fifo or priority. */
  public QueueSettingsBuilder strategy(QueueStrategy strategy) {
    return set("strategy", "strategy", strategy);
  }

  /** {@code concurrency}: instances processed at once, across every node. */
  public QueueSettingsBuilder concurrency(int instances) {
    return set("concurrency", "concurrency", instances);
  }

  /** {@code timeout}: the longest one event may take. */
  public QueueSettingsBuilder timeout(Duration timeout) {
    return set("timeout", "timeout", timeout);
  }

  /** The {@code retry} block: {@code r -> r.maxAttempts(5).initialDelay(Duration.ofSeconds(2))}. */
  public QueueSettingsBuilder retry(Consumer<RetrySettingsBuilder> settings) {
    return block("retry", RetrySettingsBuilder::new, settings);
  }

  /** Every key of the {@code retry} block at once, to {@code policy}'s values. */
  public QueueSettingsBuilder retry(RetryPolicy policy) {
    return retry(r -> r.all(policy));
  }

  /** The {@code dead_letter} block: {@code d -> d.enabled(false)}. */
  public QueueSettingsBuilder deadLetter(Consumer<DeadLetterSettingsBuilder> settings) {
    return block("dead_letter", DeadLetterSettingsBuilder::new, settings);
  }

  /** The {@code alerts} block: {@code a -> a.pendingWarning(50)}. */
  public QueueSettingsBuilder alerts(Consumer<AlertSettingsBuilder> settings) {
    return block("alerts", AlertSettingsBuilder::new, settings);
  }
}
