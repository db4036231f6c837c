package dev.clockwork.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.Instances;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Labels, memo and search attributes (issue 14.7): instances carry them from their creation, return
 * them on {@link Instance}, and are listed by labels and search attributes through {@link
 * Instances#list}. Subclass once per store. That each run a schedule starts carries its schedule's
 * is the schedules module's {@code ScheduledRunMetadataContractTest}.
 */
public abstract class InstanceMetadataContractTest extends MetadataMachines {
  @Test
  void instancesAreListedByMachineLabelsAndSearchAttributes() {
    Engine engine = engine();
    create(engine, "report", "r-1", Map.of("team", "billing"), Map.of("tenant_id", 42L));
    create(engine, "report", "r-2", Map.of("team", "billing", "tier", "gold"), Map.of());
    create(engine, "audit", "a-1", Map.of("team", "billing"), Map.of("tenant_id", 42L));
    create(engine, "report", "r-3", Map.of("team", "ops"), Map.of("tenant_id", "42"));
    engine.create(NewInstance.of("report").id("r-4"));

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
    Instance batch = engine.create(NewInstance.of("batch").id("b-1"));
    engine.create(NewInstance.of("report").id("r-1"));
    engine.create(NewInstance.of("report").id("r-2"));
    engine.send("r-2", dev.clockwork.core.event.Event.of("FINISH"));
    String child =
        engine
            .instances()
            .list(
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
                    .conversation(engine.instances().get("r-1").conversationId())))
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

    List<Instance> first = engine.instances().list(billing);
    List<Instance> second = engine.instances().list(billing.after(first.get(1).id()));
    List<Instance> last = engine.instances().list(billing.after(second.get(1).id()));

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

    Instance after = engine().instances().get("r-1");
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
    assertThatThrownBy(() -> NewInstance.of("report").label("team", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("labels.team");
    assertThatThrownBy(() -> NewInstance.of("report").searchAttribute("tags", List.of("a")))
        .hasMessageContaining("searchAttributes.tags")
        .hasMessageContaining("text, a finite number or a boolean");
    assertThatThrownBy(() -> NewInstance.of("report").searchAttribute("score", Double.NaN))
        .hasMessageContaining("searchAttributes.score");
    assertThatThrownBy(() -> InstanceQuery.builder().label("", "billing").build())
        .hasMessageContaining("keys must be non-blank texts");
  }

  private static void create(
      Engine engine,
      String machine,
      String id,
      Map<String, String> labels,
      Map<String, Object> searchAttributes) {
    engine.create(NewInstance.of(machine).id(id).labels(labels).searchAttributes(searchAttributes));
  }

  private static List<String> ids(Engine engine, InstanceQuery.Builder query) {
    return engine.instances().list(query.build()).stream().map(Instance::id).toList();
  }
}
