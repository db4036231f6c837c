package dev.clockwork.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Queue routing is applied (issue 14.6): every instance is served from one queue — the one it was
 * created with ({@code NewInstance.queue}, or a schedule's {@code queue}: the schedules module's
 * {@code ScheduledRunQueueRoutingContractTest}), else its machine's default, else the system's,
 * else {@code default} — and an engine claims only the work of the queues it serves. Subclass once
 * per store.
 */
public abstract class QueueRoutingContractTest extends MetadataMachines {

  @Test
  void instancesCreatedWithoutAQueueTakeTheirMachineDefaultAndAnExplicitQueueWins() {
    Engine engine = engine(b -> b.config(ROUTED));

    assertThat(engine.create("report").queue()).isEqualTo("reports");
    assertThat(engine.create("audit").queue()).isEqualTo("bulk");
    assertThat(engine().create("audit").queue()).isEqualTo("default");
    assertThat(engine.create(NewInstance.of("report").queue("urgent")).queue()).isEqualTo("urgent");
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
            .create(NewInstance.of("batch").id("b-1").queue("urgent").label("team", "billing"))
            .id();
    engine.send(batch, Event.of("NOTIFY"));

    List<Instance> children =
        engine.instances().list(InstanceQuery.builder().machine("report").build());
    List<Instance> audits =
        engine.instances().list(InstanceQuery.builder().machine("audit").build());
    assertThat(children).singleElement().satisfies(c -> assertThat(c.queue()).isEqualTo("reports"));
    assertThat(children.get(0).labels()).as("labels are not inherited").isEmpty();
    assertThat(audits).singleElement().satisfies(a -> assertThat(a.queue()).isEqualTo("bulk"));
  }

  @Test
  void aSynchronousSendRunsInTheCallerWhateverTheQueue() {
    Engine general = engine(b -> b.settings(s -> s.workers(w -> w.queues("default"))));
    String id = general.create(NewInstance.of("report").queue("elsewhere")).id();

    assertThat(general.send(id, Event.of("FINISH")).instance().isDone()).isTrue();
  }

  @Test
  void workersClaimOnlyTheInstancesOfTheQueuesTheirEngineServes() {
    try (Engine general =
            engine(b -> b.settings(s -> s.workers(w -> w.queues("default").threads(2))));
        Engine urgent =
            engine(b -> b.settings(s -> s.workers(w -> w.queues("high-priority").threads(2))))) {
      String routed =
          general.create(NewInstance.of("report").id("r-urgent").queue("high-priority")).id();
      String plain = general.create(NewInstance.of("report").id("r-plain")).id();
      general.enqueue(routed, Event.of("FINISH"));
      general.enqueue(plain, Event.of("FINISH"));
      general.start();

      await().atMost(Duration.ofSeconds(10)).until(() -> general.instances().get(plain).isDone());
      await()
          .during(Duration.ofMillis(300))
          .atMost(Duration.ofSeconds(2))
          .until(() -> !general.instances().get(routed).isDone());

      urgent.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> urgent.instances().get(routed).isDone());
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
