package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import org.junit.jupiter.api.Test;

/** Allow all: every occurrence starts a run, whatever the earlier ones do. */
class OverlapAllowAllTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.ALLOW_ALL);

  @Test
  void startsEveryOccurrenceBesideTheActiveRuns() {
    overlap.tickAt(0);
    overlap.tickAt(10);
    overlap.tickAt(20);
    assertThat(overlap.fixture.instances("job")).containsExactly(idAt(0), idAt(10), idAt(20));
    assertThat(overlap.fixture.instance(idAt(0)).status().name()).isEqualTo("ACTIVE");
    assertThat(overlap.describe().skippedTriggerCount()).isZero();
    assertThat(overlap.describe().latestInstanceId()).isEqualTo(idAt(20));
  }
}
