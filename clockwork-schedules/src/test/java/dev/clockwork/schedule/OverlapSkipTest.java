package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import org.junit.jupiter.api.Test;

/** Skip: while the last run is active, an occurrence starts nothing and is recorded as skipped. */
class OverlapSkipTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.SKIP);

  @Test
  void skipsWhileTheLastRunIsActiveAndStartsAgainOnceItEnded() {
    assertThat(overlap.tickAt(0).get(0).instanceId()).isEqualTo(idAt(0));
    TickResult skipped = overlap.tickAt(10).get(0);
    assertThat(skipped.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(skipped.reason()).isEqualTo("overlap_policy_skip");
    assertThat(overlap.fixture.instances("job")).containsExactly(idAt(0));
    assertThat(overlap.fixture.schedules.skipped(OverlapFixture.ID))
        .singleElement()
        .satisfies(
            s -> assertThat(s.occurrence()).isEqualTo(ScheduleFixture.t("2026-03-01T12:10:00Z")));

    overlap.fixture.finish(idAt(0));
    assertThat(overlap.tickAt(20).get(0).instanceId()).isEqualTo(idAt(20));
    assertThat(overlap.describe().skippedTriggerCount()).isEqualTo(1);
    assertThat(overlap.describe().firesCount()).isEqualTo(2);
  }
}
