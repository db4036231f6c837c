package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A schedule whose action sends an event to an existing instance. */
class SendEventActionTest {
  static final MachineDefinition COUNTER =
      Machine.define("reminded")
          .initial("waiting")
          .state("waiting", s -> s.on("REMIND", "reminded"))
          .state("reminded", s -> s.on("REMIND", "waiting"))
          .build();

  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z", COUNTER);

  @Test
  void sendsTheEventAtEveryOccurrence() {
    fixture.engine.create(NewInstance.of("reminded").id("order-1"));
    fixture.schedules.createFromSpec(
        "remind-order-1",
        Map.of("intervals", java.util.List.of(Map.of("every", "PT1H"))),
        Map.of("instance_id", "order-1", "event", "REMIND", "payload", Map.of("n", 1)));
    TickResult row = fixture.tickAt("2026-03-01T13:00:00Z").get(0);
    assertThat(row.outcome()).isEqualTo(TriggerOutcome.SENT);
    assertThat(row.instanceId()).isEqualTo("order-1");
    fixture.engine.runDue();
    assertThat(fixture.instance("order-1").states()).containsExactly("reminded");
    fixture.tickAt("2026-03-01T14:00:00Z"); // the default skip policy does not hold a send back
    fixture.engine.runDue();
    assertThat(fixture.instance("order-1").states()).containsExactly("waiting");
  }

  @Test
  void recordsAMissingInstanceAsASkip() {
    fixture.schedules.create(
        ScheduleRequest.builder("remind-ghost")
            .sendEvent("ghost", "REMIND", Map.of())
            .cron("0 * * * *")
            .build());
    TickResult row = fixture.tickAt("2026-03-01T13:00:00Z").get(0);
    assertThat(row.outcome()).isEqualTo(TriggerOutcome.SKIPPED);
    assertThat(row.reason()).isEqualTo("target_instance_missing");
  }

  @Test
  void refusesPoliciesThatCancelTheRunItNeverStarted() {
    assertThatThrownBy(
            () ->
                ScheduleRequest.builder("remind")
                    .sendEvent("order-1", "REMIND", Map.of())
                    .cron("0 * * * *")
                    .overlapPolicy("cancel_other")
                    .build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("cancel_other")
        .hasMessageContaining("allow_all");
  }
}
