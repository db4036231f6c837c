package dev.clockwork.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.schedule.ScheduleRequest;
import dev.clockwork.runtime.schedule.Schedules;
import dev.clockwork.runtime.schedule.definition.InvalidScheduleException;
import dev.clockwork.runtime.schedule.outcome.TickResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Labels, memo and search attributes reach each run a schedule starts (issue 14.7): instances carry
 * them from their creation, return them on {@link Instance}, and are listed by labels and search
 * attributes through {@link Engine#instances}. Subclass once per store.
 */
public abstract class InstanceMetadataContractTest extends MetadataMachines {
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
      Instance instance = engine.instance(run);
      assertThat(instance.labels()).isEqualTo(Map.of("team", "billing"));
      assertThat(instance.memo()).isEqualTo(MEMO);
      assertThat(instance.searchAttributes())
          .isEqualTo(Map.of("tenant_id", "42", "region", 7L, "urgent", true));
    }
    assertThat(engine.instances(InstanceQuery.builder().label("team", "billing").build()))
        .extracting(Instance::id)
        .containsExactlyInAnyOrder(ticked, triggered);
    assertThat(engine.instances(InstanceQuery.builder().searchAttribute("tenant_id", "42").build()))
        .hasSize(2);
  }

  @Test
  void instancesAreListedByMachineLabelsAndSearchAttributes() {
    Engine engine = engine();
    create(engine, "report", "r-1", Map.of("team", "billing"), Map.of("tenant_id", 42L));
    create(engine, "report", "r-2", Map.of("team", "billing", "tier", "gold"), Map.of());
    create(engine, "audit", "a-1", Map.of("team", "billing"), Map.of("tenant_id", 42L));
    create(engine, "report", "r-3", Map.of("team", "ops"), Map.of("tenant_id", "42"));
    engine.create("report", "r-4", Map.of());

    assertThat(ids(engine, InstanceQuery.builder().label("team", "billing")))
        .containsExactly("a-1", "r-1", "r-2");
    assertThat(ids(engine, InstanceQuery.builder().machine("report").label("team", "billing")))
        .containsExactly("r-1", "r-2");
    assertThat(
            ids(engine, InstanceQuery.builder().labels(Map.of("team", "billing", "tier", "gold"))))
        .containsExactly("r-2");
    assertThat(ids(engine, InstanceQuery.builder().searchAttribute("tenant_id", 42)))
        .as("numbers match by value, not as the text '42'")
        .containsExactly("a-1", "r-1");
    assertThat(ids(engine, InstanceQuery.builder().searchAttribute("tenant_id", 42.0)))
        .containsExactly("a-1", "r-1");
    assertThat(ids(engine, InstanceQuery.builder().searchAttribute("tenant_id", "42")))
        .containsExactly("r-3");
    assertThat(
            ids(
                engine,
                InstanceQuery.builder().label("team", "billing").searchAttribute("tenant_id", 42)))
        .containsExactly("a-1", "r-1");
    assertThat(ids(engine, InstanceQuery.builder().label("team", "nobody"))).isEmpty();
    assertThat(ids(engine, InstanceQuery.builder().machine("report")))
        .containsExactly("r-1", "r-2", "r-3", "r-4");
  }

  @Test
  void instancesAreListedByActiveStateAndByConversation() {
    Engine engine = engine();
    Instance batch = engine.create("batch", "b-1", Map.of());
    engine.create("report", "r-1", Map.of());
    engine.create("report", "r-2", Map.of());
    engine.send("r-2", dev.clockwork.core.event.Event.of("FINISH"));
    String child =
        engine
            .instances(
                InstanceQuery.builder()
                    .conversation(batch.conversationId())
                    .machine("report")
                    .build())
            .get(0)
            .id();

    assertThat(child).startsWith("b-1/");
    assertThat(ids(engine, InstanceQuery.builder().state("running"))).containsExactly(child, "r-1");
    assertThat(ids(engine, InstanceQuery.builder().conversation(batch.conversationId())))
        .containsExactly("b-1", child);
    assertThat(
            ids(
                engine,
                InstanceQuery.builder()
                    .machine("report")
                    .state("running")
                    .conversation(engine.instance("r-1").conversationId())))
        .containsExactly("r-1");
    assertThat(ids(engine, InstanceQuery.builder().state("nowhere"))).isEmpty();
  }

  @Test
  void pagesFollowTheIdOrder() {
    Engine engine = engine();
    for (String id : List.of("r-5", "r-1", "r-4", "r-2", "r-3")) {
      create(engine, "report", id, Map.of("team", "billing"), Map.of());
    }
    InstanceQuery billing = InstanceQuery.builder().label("team", "billing").limit(2).build();

    List<Instance> first = engine.instances(billing);
    List<Instance> second = engine.instances(billing.after(first.get(1).id()));
    List<Instance> last = engine.instances(billing.after(second.get(1).id()));

    assertThat(first).extracting(Instance::id).containsExactly("r-1", "r-2");
    assertThat(second).extracting(Instance::id).containsExactly("r-3", "r-4");
    assertThat(last).extracting(Instance::id).containsExactly("r-5");
  }

  @Test
  void metadataIsKeptThroughTurnsAndRestarts() {
    Engine engine = engine();
    create(engine, "report", "r-1", Map.of("team", "billing"), Map.of("tenant_id", 42L));
    engine.enqueue("r-1", dev.clockwork.core.event.Event.of("FINISH"));
    engine.runDue();

    Instance after = engine().instance("r-1");
    assertThat(after.isDone()).isTrue();
    assertThat(after.labels()).isEqualTo(Map.of("team", "billing"));
    assertThat(after.searchAttributes()).isEqualTo(Map.of("tenant_id", 42L));
    assertThat(after.queue()).isEqualTo("default");
    assertThat(ids(engine, InstanceQuery.builder().label("team", "billing")))
        .containsExactly("r-1");
  }

  @Test
  void anInstanceCreatedWithNoMetadataIsInTheDefaultQueueWithNone() {
    Instance plain = engine().create("report");

    assertThat(plain.queue()).isEqualTo("default");
    assertThat(plain.labels()).isEmpty();
    assertThat(plain.memo()).isEmpty();
    assertThat(plain.searchAttributes()).isEmpty();
  }

  @Test
  void wrongMetadataIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> CreateOptions.builder().label("team", " ").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("labels.team");
    assertThatThrownBy(() -> CreateOptions.builder().searchAttribute("tags", List.of("a")).build())
        .hasMessageContaining("searchAttributes.tags")
        .hasMessageContaining("text, a finite number or a boolean");
    assertThatThrownBy(() -> CreateOptions.builder().searchAttribute("score", Double.NaN).build())
        .hasMessageContaining("searchAttributes.score");
    assertThatThrownBy(() -> InstanceQuery.builder().label("", "billing").build())
        .hasMessageContaining("keys must be non-blank texts");
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

  private static void create(
      Engine engine,
      String machine,
      String id,
      Map<String, String> labels,
      Map<String, Object> searchAttributes) {
    engine.create(
        machine,
        id,
        Map.of(),
        CreateOptions.builder().labels(labels).searchAttributes(searchAttributes).build());
  }

  private static List<String> ids(Engine engine, InstanceQuery.Builder query) {
    return engine.instances(query.build()).stream().map(Instance::id).toList();
  }
}
