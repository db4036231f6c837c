package dev.clockwork.spring.boot.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The known {@code clockwork.*} keys come from the properties records: every relaxed form Spring
 * binds is known, map keys are free, and a key outside them is told where it went wrong and the
 * nearest key, in the form it was written in.
 */
class KnownKeysTest {
  private final KnownKeys known = UnknownKeysCheck.CLOCKWORK;

  @Test
  void everyRelaxedFormOfAKeyIsKnown() {
    assertThat(known.accepts("clockwork.queue.retry.max-attempts")).isTrue();
    assertThat(known.accepts("clockwork.queue.retry.max_attempts")).isTrue();
    assertThat(known.accepts("clockwork.queue.retry.maxAttempts")).isTrue();
    assertThat(known.accepts("clockwork.parallel_dispatch.lock_ttl")).isTrue();
    assertThat(known.accepts("clockwork.workers.auto-startup")).isTrue();
    assertThat(known.accepts("clockwork.store")).isTrue();
    assertThat(known.accepts("clockwork.enabled")).isTrue();
    assertThat(known.accepts("clockwork.database.migrate")).isTrue();
    assertThat(known.accepts("clockwork.retention.history.max-rows")).isTrue();
  }

  @Test
  void environmentVariablesAreKnownInBothOfSpringsForms() {
    assertThat(variable("CLOCKWORK_QUEUE_CONCURRENCY")).isEmpty();
    assertThat(variable("CLOCKWORK_QUEUE_RETRY_MAXATTEMPTS")).isEmpty();
    assertThat(variable("CLOCKWORK_QUEUE_RETRY_MAX_ATTEMPTS")).isEmpty();
    assertThat(variable("CLOCKWORK_MACHINES_BILLING_PARALLEL_DISPATCH_LOCK_TTL")).isEmpty();
    assertThat(variable("CLOCKWORK_WORKERS_QUEUES_0")).isEmpty();
  }

  @Test
  void mapsTakeAnyKeyAndCheckWhatIsBeneathIt() {
    assertThat(known.accepts("clockwork.machines.any-machine-at-all.queue.concurrency")).isTrue();
    assertThat(known.accepts("clockwork.machines[order.v2].retention.callbacks")).isTrue();
    assertThat(known.accepts("clockwork.schedules.definitions.nightly.cron[0]")).isTrue();
    assertThat(known.accepts("clockwork.schedules.definitions.nightly.input.a.dotted.key"))
        .isTrue();
    assertThat(known.accepts("clockwork.machines.order.queue.concurency")).isFalse();
    assertThat(known.accepts("clockwork.schedules.definitions.nightly.crons")).isFalse();
  }

  @Test
  void blocksAndListIndexesAreKnownButNotWhatIsBeneathAValue() {
    assertThat(known.accepts("clockwork.queue")).isTrue();
    assertThat(known.accepts("clockwork.workers.queues[1]")).isTrue();
    assertThat(known.accepts("clockwork.workers.queues.main")).isFalse();
    assertThat(known.accepts("clockwork.queue.concurrency.max")).isFalse();
  }

  @Test
  void aMisspeltKeyIsToldTheNearestKeyAndTheKeysBesideIt() {
    KnownKeys.Miss miss = dotted("clockwork.queue.concurency").orElseThrow();
    assertThat(miss.suggestion()).contains("clockwork.queue.concurrency");
    assertThat(miss.at()).isEqualTo("clockwork.queue");
    assertThat(miss.known()).contains("concurrency", "dead-letter", "retry", "timeout");
  }

  @Test
  void theSuggestionKeepsTheRestOfTheKeyAndTheMapKeyAsWritten() {
    assertThat(dotted("clockwork.quue.retry.max_attempts").orElseThrow().suggestion())
        .contains("clockwork.queue.retry.max_attempts");
    assertThat(dotted("clockwork.machines.Billing.queue.concurency").orElseThrow().suggestion())
        .contains("clockwork.machines.Billing.queue.concurrency");
  }

  @Test
  void anEnvironmentVariableIsAnsweredAsAVariable() {
    KnownKeys.Miss miss = variable("CLOCKWORK_QUEUE_CONCURENCY").orElseThrow();
    assertThat(miss.suggestion()).contains("CLOCKWORK_QUEUE_CONCURRENCY");
    assertThat(miss.at()).isEqualTo("CLOCKWORK_QUEUE");
    assertThat(miss.known()).contains("CONCURRENCY", "DEADLETTER");
    assertThat(variable("CLOCKWORK_QUEUE_RETRY_MAX_ATEMPTS").orElseThrow().suggestion())
        .contains("CLOCKWORK_QUEUE_RETRY_MAXATTEMPTS");
    assertThat(variable("CLOCKWORK_QUEUE_DEAD_LETER_ENABLED").orElseThrow().suggestion())
        .contains("CLOCKWORK_QUEUE_DEADLETTER_ENABLED");
  }

  @Test
  void aKeyFarFromEveryKnownOneGetsNoGuessButTheKnownKeys() {
    KnownKeys.Miss miss = dotted("clockwork.completely-unrelated").orElseThrow();
    assertThat(miss.suggestion()).isEmpty();
    assertThat(miss.known()).contains("queue", "workers", "store", "enabled");
  }

  @Test
  void aKeyBeneathAValueNamesTheValue() {
    KnownKeys.Miss miss = dotted("clockwork.workers.threads.max").orElseThrow();
    assertThat(miss.leaf()).isTrue();
    assertThat(miss.at()).isEqualTo("clockwork.workers.threads");
  }

  private Optional<KnownKeys.Miss> dotted(String name) {
    return known.miss(WrittenKey.dotted(name));
  }

  private Optional<KnownKeys.Miss> variable(String name) {
    return known.miss(WrittenKey.environment(name));
  }
}
