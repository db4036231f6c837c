package dev.clockwork.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Queue routing is applied (issue 14.6): every instance is served from one queue — the one it was
 * created with ({@code CreateOptions}, or a schedule's {@code queue}: the schedules module's {@code
 * ScheduledRunQueueRoutingContractTest}), else its machine's default, else the system's, else
 * {@code default} — and an engine claims only the work of the queues it serves. Subclass once per
 * store.
 */
public abstract class QueueRoutingContractTest extends MetadataMachines {

  @Test
  void instancesCreatedWithoutAQueueTakeTheirMachineDefaultAndAnExplicitQueueWins() {
    Engine engine = engine(b -> b.config(ROUTED));

    assertThat(engine.create("report").queue()).isEqualTo("reports");
    assertThat(engine.create("audit").queue()).isEqualTo("bulk");
    assertThat(engine().create("audit").queue()).isEqualTo("default");
    assertThat(
            engine
                .create("report", null, Map.of(), CreateOptions.builder().queue("urgent").build())
                .queue())
        .isEqualTo("urgent");
  }

  @Test
  void queueNamesSetInCodeWinOverTheFile() {
    Engine engine =
        engine(
            b ->
                b.config(ROUTED)
                    .settings(
                        s ->
                            s.queue(q -> q.name("code"))
                                .machine("audit", m -> m.queue(q -> q.name("logs")))));

    assertThat(engine.create("report").queue()).isEqualTo("code");
    assertThat(engine.create("audit").queue()).isEqualTo("logs");
    assertThat(engine.settings().queue("batch").name()).isEqualTo("code");
  }

  @Test
  void childrenAndEmitTargetsTakeTheirOwnMachineDefaultQueue() {
    Engine engine = engine(b -> b.config(ROUTED));
    String batch =
        engine
            .create(
                "batch",
                "b-1",
                Map.of(),
                CreateOptions.builder().queue("urgent").label("team", "billing").build())
            .id();
    engine.send(batch, "NOTIFY");

    List<Instance> children = engine.instances(InstanceQuery.builder().machine("report").build());
    List<Instance> audits = engine.instances(InstanceQuery.builder().machine("audit").build());
    assertThat(children).singleElement().satisfies(c -> assertThat(c.queue()).isEqualTo("reports"));
    assertThat(children.get(0).labels()).as("labels are not inherited").isEmpty();
    assertThat(audits).singleElement().satisfies(a -> assertThat(a.queue()).isEqualTo("bulk"));
  }

  @Test
  void aSynchronousSendRunsInTheCallerWhateverTheQueue() {
    Engine general = engine(b -> b.settings(s -> s.workers(w -> w.queues("default"))));
    String id =
        general
            .create("report", null, Map.of(), CreateOptions.builder().queue("elsewhere").build())
            .id();

    assertThat(general.send(id, "FINISH").instance().isDone()).isTrue();
  }

  @Test
  void workersClaimOnlyTheInstancesOfTheQueuesTheirEngineServes() {
    try (Engine general =
            engine(b -> b.settings(s -> s.workers(w -> w.queues("default").threads(2))));
        Engine urgent =
            engine(b -> b.settings(s -> s.workers(w -> w.queues("high-priority").threads(2))))) {
      String routed =
          general
              .create(
                  "report",
                  "r-urgent",
                  Map.of(),
                  CreateOptions.builder().queue("high-priority").build())
              .id();
      String plain = general.create("report", "r-plain", Map.of()).id();
      general.enqueue(routed, Event.of("FINISH"));
      general.enqueue(plain, Event.of("FINISH"));
      general.start();

      await().atMost(Duration.ofSeconds(10)).until(() -> general.instance(plain).isDone());
      await()
          .during(Duration.ofMillis(300))
          .atMost(Duration.ofSeconds(2))
          .until(() -> !general.instance(routed).isDone());

      urgent.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> urgent.instance(routed).isDone());
    }
  }

  @Test
  void anEngineServesNoEmptySetOfQueues() {
    assertThatThrownBy(() -> engine(b -> b.settings(s -> s.workers(w -> w.queues()))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one queue");
    assertThatThrownBy(() -> engine(b -> b.settings(s -> s.workers(w -> w.queues(" default")))))
        .hasMessageContaining("spaces around it");
  }
}
