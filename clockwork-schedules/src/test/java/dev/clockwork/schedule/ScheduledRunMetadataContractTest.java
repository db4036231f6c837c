package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.Instances;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.outcome.TickResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Labels, memo and search attributes reach each run a schedule starts (issue 14.7): the runs carry
 * their schedule's from their creation, return them on {@link Instance}, and are listed by them
 * through {@link Instances#list}; a schedule refuses metadata an instance would refuse. Subclass
 * once per store.
 */
public abstract class ScheduledRunMetadataContractTest extends ScheduledRuns {
  private static final Map<String, Object> MEMO =
      Map.of("origin", "scheduled", "window", Map.of("days", List.of(1L, 2L)), "ratio", 0.5);

  private static ScheduleRequest.Builder invoiceSync(String id) {
    return ScheduleRequest.builder(id)
        .startMachine("report", Map.of())
        .cron("0 2 * * *")
        .timezone("America/New_York")
        .overlapPolicy("allow_all")
        .labels(Map.of("team", "billing"))
        .memo(MEMO)
        .searchAttributes(Map.of("tenant_id", "42", "region", 7L, "urgent", true));
  }

  @Test
  void eachRunAScheduleStartsCarriesItsLabelsMemoAndSearchAttributes() {
    Engine engine = engine();
    Schedules schedules = schedules(engine);
    schedules.create(invoiceSync("daily-invoice-sync").build());

    clock.moveTo(T0.plus(Duration.ofDays(1)));
    String ticked = schedules.tick().stream().map(TickResult::instanceId).findFirst().orElseThrow();
    String triggered = schedules.trigger("daily-invoice-sync");

    for (String run : List.of(ticked, triggered)) {
      Instance instance = engine.instances().get(run);
      assertThat(instance.labels()).isEqualTo(Map.of("team", "billing"));
      assertThat(instance.memo()).isEqualTo(MEMO);
      assertThat(instance.searchAttributes())
          .isEqualTo(Map.of("tenant_id", "42", "region", 7L, "urgent", true));
    }
    assertThat(engine.instances().list(InstanceQuery.builder().label("team", "billing").build()))
        .extracting(Instance::id)
        .containsExactlyInAnyOrder(ticked, triggered);
    assertThat(
            engine
                .instances()
                .list(InstanceQuery.builder().searchAttribute("tenant_id", "42").build()))
        .hasSize(2);
  }

  @Test
  void wrongScheduleMetadataIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () -> invoiceSync("bad").searchAttributes(Map.of("owner", Map.of("id", 1))).build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("search_attributes.owner");
    assertThatThrownBy(() -> invoiceSync("bad").labels(Map.of("team", "")).build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("labels.team");
    assertThatThrownBy(() -> invoiceSync("bad").queue("").build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("queue must name a queue");
  }

  @Test
  void aSendEventScheduleRefusesWhatOnlyARunItStartsCouldCarry() {
    assertThatThrownBy(
            () ->
                ScheduleRequest.builder("remind")
                    .sendEvent("order-1", "REMIND", Map.of())
                    .cron("0 * * * *")
                    .labels(Map.of("team", "billing"))
                    .queue("reminders")
                    .build())
        .isInstanceOf(InvalidScheduleException.class)
        .hasMessageContaining("labels, queue apply to the runs a schedule starts")
        .hasMessageContaining("instance 'order-1', which keeps the queue and metadata");
  }
}
