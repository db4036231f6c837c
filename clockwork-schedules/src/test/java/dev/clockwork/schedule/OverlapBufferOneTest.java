package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.BufferedTrigger;
import org.junit.jupiter.api.Test;

/**
 * Buffer one: the first occurrence during an active run is buffered, later ones are skipped until
 * it drains; it starts on the first tick after the run ends, with its own occurrence time.
 */
class OverlapBufferOneTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.BUFFER_ONE);

  @Test
  void buffersOneOccurrenceAndDrainsItWhenTheRunEnds() {
    overlap.tickAt(0);
    assertThat(overlap.tickAt(10).get(0).outcome()).isEqualTo(TriggerOutcome.BUFFERED);
    TickResult third = overlap.tickAt(20).get(0);
    assertThat(third.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(third.reason()).isEqualTo("buffer_overflow");
    assertThat(overlap.describe().buffered())
        .extracting(BufferedTrigger::occurrence)
        .containsExactly(ScheduleFixture.t("2026-03-01T12:10:00Z"));
    assertThat(overlap.fixture.instances("job")).containsExactly(idAt(0));

    overlap.fixture.finish(idAt(0));
    TickResult drained = overlap.tickAt(21).get(0); // not due: only the buffer moves
    assertThat(drained.outcome()).isEqualTo(TriggerOutcome.DRAINED);
    assertThat(drained.instanceId()).isEqualTo(idAt(10));
    assertThat(drained.occurrenceTime()).isEqualTo(ScheduleFixture.t("2026-03-01T12:10:00Z"));
    assertThat(overlap.fixture.history(idAt(10)).get(0).payload())
        .containsEntry("occurrence_time", "2026-03-01T12:10:00Z");
    assertThat(overlap.describe().buffered()).isEmpty();
    assertThat(overlap.fixture.tickAt("2026-03-01T12:22:00Z")).isEmpty();
  }

  @Test
  void aDueOccurrenceWaitsBehindTheBufferedOne() {
    overlap.tickAt(0);
    overlap.tickAt(10); // buffered
    overlap.fixture.finish(idAt(0));
    var rows = overlap.tickAt(20);
    assertThat(rows)
        .extracting(TickResult::outcome)
        .containsExactly(TriggerOutcome.DRAINED, TriggerOutcome.BUFFERED);
    assertThat(overlap.fixture.instances("job")).containsExactly(idAt(0), idAt(10));
  }
}
