package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import org.junit.jupiter.api.Test;

/** Terminate other: the active run ends at once, then the new one starts. */
class OverlapTerminateOtherTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.TERMINATE_OTHER);

  @Test
  void terminatesTheActiveRunBeforeStartingTheNewOne() {
    overlap.tickAt(0);
    TickResult second = overlap.tickAt(10).get(0);
    assertThat(second.instanceId()).isEqualTo(idAt(10));
    assertThat(overlap.fixture.instance(idAt(0)).status()).isEqualTo(InstanceStatus.CANCELLED);
    assertThat(overlap.fixture.instance(idAt(10)).status()).isEqualTo(InstanceStatus.ACTIVE);
    assertThat(overlap.fixture.history(idAt(10)).get(0).payload())
        .containsEntry("overlap_policy", "terminate_other");
  }
}
