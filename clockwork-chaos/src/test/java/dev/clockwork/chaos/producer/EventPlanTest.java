package dev.clockwork.chaos.producer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EventPlanTest {
  @Test
  void theSameSeedGivesTheSamePlan() {
    assertThat(EventPlan.of(11, 50, 500)).isEqualTo(EventPlan.of(11, 50, 500));
    assertThat(EventPlan.of(11, 50, 500)).isNotEqualTo(EventPlan.of(12, 50, 500));
  }

  @Test
  void everyKindIsSentToTheNamedInstances() {
    EventPlan plan = EventPlan.of(3, 20, 2_000);
    assertThat(plan.instances()).hasSize(20).startsWith("chaos-0001").endsWith("chaos-0020");
    assertThat(plan.events()).hasSize(2_000);
    assertThat(plan.events())
        .allSatisfy(e -> assertThat(plan.instances()).contains(e.instanceId()));
    Map<EventKind, Long> kinds =
        plan.events().stream()
            .collect(Collectors.groupingBy(EventPlan.Planned::kind, Collectors.counting()));
    assertThat(kinds).containsKeys(EventKind.values());
    assertThat(kinds.get(EventKind.STEP)).isGreaterThan(kinds.get(EventKind.POISON));
  }
}
