package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import org.junit.jupiter.api.Test;

/** Cancel other: the active run is cancelled through its queue, then the new one starts. */
class OverlapCancelOtherTest {
  OverlapFixture overlap = new OverlapFixture(OverlapPolicy.CANCEL_OTHER);

  @Test
  void cancelsTheActiveRunAndStartsTheNewOne() {
    overlap.tickAt(0);
    TickResult second = overlap.tickAt(10).get(0);
    assertThat(second.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(second.instanceId()).isEqualTo(idAt(10));
    overlap.fixture.engine.runDue();
    assertThat(overlap.fixture.instance(idAt(0)).status()).isEqualTo(InstanceStatus.CANCELLED);
    assertThat(overlap.fixture.instance(idAt(10)).status()).isEqualTo(InstanceStatus.ACTIVE);
  }

  @Test
  void cancelsNothingWhenTheLastRunEnded() {
    overlap.tickAt(0);
    overlap.fixture.finish(idAt(0));
    overlap.tickAt(10);
    overlap.fixture.engine.runDue();
    assertThat(overlap.fixture.instance(idAt(0)).status()).isEqualTo(InstanceStatus.DONE);
  }
}
