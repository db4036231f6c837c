package dev.clockwork.schedule;

import static dev.clockwork.schedule.OverlapFixture.idAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Instances;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A schedule of a namespace other than the default reads, stops and sends to the instances of its
 * namespace: its runs and targets are kept by stored id, which the default view refuses.
 */
class NamespacedRunsTest {
  @Test
  void theActiveRunOfTheNamespaceHoldsTheNextBack() {
    OverlapFixture overlap = new OverlapFixture(OverlapPolicy.SKIP, b -> b.namespace("billing"));
    overlap.tickAt(0);
    TickResult second = overlap.tickAt(10).get(0);

    assertThat(second.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(billing(overlap.fixture).get(idAt(0)).status()).isEqualTo(InstanceStatus.ACTIVE);
  }

  @Test
  void cancelOtherCancelsTheRunOfTheNamespace() {
    OverlapFixture overlap =
        new OverlapFixture(OverlapPolicy.CANCEL_OTHER, b -> b.namespace("billing"));
    overlap.tickAt(0);
    TickResult second = overlap.tickAt(10).get(0);
    overlap.fixture.engine.runDue();

    assertThat(second.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(billing(overlap.fixture).get(idAt(0)).status()).isEqualTo(InstanceStatus.CANCELLED);
    assertThat(billing(overlap.fixture).get(idAt(10)).status()).isEqualTo(InstanceStatus.ACTIVE);
  }

  @Test
  void terminateOtherEndsTheRunOfTheNamespaceAtOnce() {
    OverlapFixture overlap =
        new OverlapFixture(OverlapPolicy.TERMINATE_OTHER, b -> b.namespace("billing"));
    overlap.tickAt(0);
    overlap.tickAt(10);

    assertThat(billing(overlap.fixture).get(idAt(0)).status()).isEqualTo(InstanceStatus.CANCELLED);
  }

  @Test
  void aSendReachesTheTargetOfTheSchedulesNamespace() {
    ScheduleFixture fixture =
        ScheduleFixture.at("2026-03-01T12:00:00Z", SendEventActionTest.COUNTER);
    fixture.engine.namespace("billing").create(NewInstance.of("reminded").id("order-1"));
    fixture.schedules.create(
        ScheduleRequest.builder("remind")
            .namespace("billing")
            .sendEvent("order-1", "REMIND", Map.of())
            .cron("0 * * * *")
            .build());

    TickResult row = fixture.tickAt("2026-03-01T13:00:00Z").get(0);
    fixture.engine.runDue();

    assertThat(row.outcome()).isEqualTo(TriggerOutcome.SENT);
    assertThat(billing(fixture).get("order-1").states()).containsExactly("reminded");
    assertThat(fixture.engine.instances().statuses(List.of("order-1"))).isEmpty();
  }

  private static Instances billing(ScheduleFixture fixture) {
    return fixture.engine.namespace("billing").instances();
  }
}
