package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TurnSpansTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static ProcessedEvent event(String machine, String id, int startMs, int committedMs) {
    return new ProcessedEvent(
        id,
        machine,
        1,
        "STEP",
        "api",
        1,
        Outcome.APPLIED,
        T0,
        T0.plusMillis(startMs),
        Duration.ZERO,
        T0.plusMillis(committedMs),
        null);
  }

  @Test
  void turnsOverlapFromTheirFirstStepToTheirCommitPerMachine() {
    TurnSpans spans = new TurnSpans();
    spans.add(event("m", "a", 0, 10));
    spans.add(event("m", "a", 4, 10)); // a second event of the same turn
    spans.add(event("m", "b", 5, 15));
    spans.add(event("m", "c", 10, 20)); // starts as a's turn ends: not counted together
    spans.add(event("n", "d", 0, 30));
    assertThat(spans.most()).containsEntry("m", 2).containsEntry("n", 1);
  }

  @Test
  void aLaterTurnOfTheSameInstanceIsATurnOfItsOwn() {
    TurnSpans spans = new TurnSpans();
    spans.add(event("m", "a", 0, 10));
    spans.add(event("m", "a", 11, 20));
    assertThat(spans.most()).containsEntry("m", 1);
  }
}
