package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Ten malformed configs, ten precise errors: file, line, key path and the fix. */
class MalformedConfigTest {

  private static void fails(String yaml, String message) {
    assertThatThrownBy(() -> Settings.parse(yaml, "clockwork.yaml"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void unknownTopLevelKey() {
    fails(
        "system: shop\nqueues:\n  concurrency: 3\n",
        "clockwork.yaml:2: queues: unknown key; did you mean queue?");
  }

  @Test
  void unknownQueueKeyInAMachine() {
    fails(
        "machines:\n  order:\n    queue:\n      concurency: 5\n",
        "clockwork.yaml:4: machines.order.queue.concurency: unknown key; did you mean concurrency?");
  }

  @Test
  void badDuration() {
    fails("queue:\n  timeout: 30 sekunden\n", "clockwork.yaml:2: queue.timeout: ");
  }

  @Test
  void zeroTimeout() {
    fails(
        "queue:\n  timeout: 0 seconds\n",
        "clockwork.yaml:2: queue.timeout: must be a positive duration");
  }

  @Test
  void concurrencyThatIsNotANumber() {
    fails(
        "queue:\n  concurrency: many\n",
        "clockwork.yaml:2: queue.concurrency: must be a whole number, got 'many'");
  }

  @Test
  void concurrencyZero() {
    fails(
        "queue:\n  concurrency: 0\n",
        "clockwork.yaml:2: queue.concurrency: must be 1 or more, got 0");
  }

  @Test
  void unknownStrategy() {
    fails(
        "queue:\n  strategy: lifo\n",
        "clockwork.yaml:2: queue.strategy: 'lifo' is not one of [fifo, priority]");
  }

  @Test
  void unknownBackoff() {
    fails(
        "queue:\n  retry:\n    backoff: random\n",
        "clockwork.yaml:3: queue.retry.backoff: 'random' is not one of [linear, exponential]");
  }

  @Test
  void maxDelayBelowInitialDelay() {
    fails(
        "queue:\n  retry:\n    initial_delay: 1 minute\n    max_delay: 10 seconds\n",
        "clockwork.yaml:4: queue.retry.max_delay: must not be shorter than initial_delay");
  }

  @Test
  void criticalBelowWarning() {
    fails(
        "queue:\n  alerts:\n    pending_warning: 500\n    pending_critical: 100\n",
        "clockwork.yaml:4: queue.alerts.pending_critical: must not be below pending_warning (500)");
  }

  @Test
  void deadLetterEnabledThatIsNotABoolean() {
    fails(
        "queue:\n  dead_letter:\n    enabled: maybe\n",
        "clockwork.yaml:3: queue.dead_letter.enabled: must be true or false, got 'maybe'");
  }

  @Test
  void aBlockWhereAValueBelongs() {
    fails(
        "queue:\n  timeout:\n    seconds: 3\n",
        "clockwork.yaml:2: queue.timeout: must be a single value, not a block");
  }

  @Test
  void invalidYaml() {
    fails("queue:\n  timeout: [30 seconds\n", "clockwork.yaml:");
  }
}
