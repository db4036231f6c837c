package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.BufferedTrigger;
import org.junit.jupiter.api.Test;

/**
 * Buffer all: every occurrence during an active run is buffered up to max_buffer (overflow is a
 * skip, reason buffer_overflow); they drain one at a time, oldest first, as runs end.
 */
class OverlapBufferAllTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.BUFFER_ALL, b -> b.maxBuffer(2));

  @Test
  void buffersUpToMaxBufferAndDrainsInOrder() {
    overlap.tickAt(0);
    assertThat(overlap.tickAt(10).get(0).outcome()).isEqualTo(TriggerOutcome.BUFFERED);
    assertThat(overlap.tickAt(20).get(0).outcome()).isEqualTo(TriggerOutcome.BUFFERED);
    TickResult overflow = overlap.tickAt(30).get(0);
    assertThat(overflow.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(overflow.reason()).isEqualTo("buffer_overflow");
    assertThat(overlap.describe().buffered())
        .extracting(BufferedTrigger::occurrence)
        .containsExactly(
            ScheduleFixture.t("2026-03-01T12:10:00Z"), ScheduleFixture.t("2026-03-01T12:20:00Z"));
    assertThat(overlap.fixture.schedules.skipped(OverlapFixture.ID))
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).isEqualTo("buffer_overflow"));

    overlap.fixture.finish(idAt(0));
    assertThat(overlap.tickAt(31)).extracting(TickResult::instanceId).containsExactly(idAt(10));
    assertThat(overlap.tickAt(32)).isEmpty(); // 12:10's run is active now
    overlap.fixture.finish(idAt(10));
    assertThat(overlap.tickAt(33)).extracting(TickResult::instanceId).containsExactly(idAt(20));
    assertThat(overlap.describe().buffered()).isEmpty();
    assertThat(overlap.describe().firesCount()).isEqualTo(3);
  }

  @Test
  void theDefaultBufferHoldsAThousand() {
    OverlapFixture big = new OverlapFixture(OverlapPolicy.BUFFER_ALL);
    assertThat(big.describe().settings().maxBuffer()).isEqualTo(1000);
  }
}
