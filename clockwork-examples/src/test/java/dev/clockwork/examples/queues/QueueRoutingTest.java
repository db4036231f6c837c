package dev.clockwork.examples.queues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.clock.VirtualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueRoutingTest {
  @Test
  void theReadmesRoutingExampleRunsTheScheduledRunOnTheNodeServingItsQueue() {
    QueueRouting.Outcome outcome = QueueRouting.run(VirtualClock.at("2026-04-10T12:30:00Z"));

    assertThat(outcome.processedByGeneral()).isZero();
    assertThat(outcome.processedByUrgent()).isEqualTo(1);
    assertThat(outcome.billing())
        .extracting(Instance::id, Instance::queue)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("report-7", "reports"),
            org.assertj.core.groups.Tuple.tuple(outcome.run(), "high-priority"));
    assertThat(outcome.tenant42())
        .singleElement()
        .satisfies(
            run -> {
              assertThat(run.id()).isEqualTo(outcome.run());
              assertThat(run.isDone()).isTrue();
              assertThat(run.memo()).isEqualTo(Map.of("requested_by", "ops"));
            });
  }
}
