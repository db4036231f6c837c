package dev.clockwork.spring.boot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.spring.boot.actuate.ClockworkEndpoint;
import dev.clockwork.spring.boot.autoconfigure.ClockworkActuatorAutoConfiguration;
import dev.clockwork.spring.boot.autoconfigure.ClockworkAutoConfiguration;
import dev.clockwork.spring.boot.autoconfigure.ClockworkEngineCustomizer;
import dev.clockwork.spring.boot.tests.support.TestMachines;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Listener beans listen, a MeterRegistry gets the queue metrics, the endpoint lists the queues. */
class ListenersAndMetricsTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ClockworkAutoConfiguration.class, ClockworkActuatorAutoConfiguration.class))
          .withUserConfiguration(Billing.class)
          .withPropertyValues("clockwork.workers.auto-startup=false");

  @Test
  void everyEngineListenerBeanHearsTheEngine() {
    List<ProcessedEvent> heard = new CopyOnWriteArrayList<>();
    runner
        .withBean("recorder", EngineListener.class, () -> new Recorder(heard))
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              String id = engine.create("billing").id();
              engine.enqueue(id, Event.of("BILL"));
              engine.runDue();
              assertThat(heard).extracting(ProcessedEvent::type).containsExactly("BILL");
            });
  }

  @Test
  void aMeterRegistryGetsTheQueueMetricsThroughTheListenerSeam() {
    runner
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              String id = engine.create("billing").id();
              engine.enqueue(id, Event.of("BILL"));
              engine.runDue();
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry.get("queue.completed").tag("machine", "billing").counter().count())
                  .isEqualTo(1.0);
              assertThat(registry.find("queue.pending").tag("machine", "billing").gauge())
                  .isNotNull();
            });
  }

  @Test
  void withoutAMeterRegistryNothingIsPublished() {
    runner.run(
        context -> {
          assertThat(context).doesNotHaveBean(MeterRegistry.class);
          Engine engine = context.getBean(Engine.class);
          engine.send(engine.create("billing").id(), Event.of("BILL"));
        });
  }

  @Test
  void customizersChangeTheEngineBeforeItIsBuilt() {
    List<ProcessedEvent> heard = new CopyOnWriteArrayList<>();
    runner
        .withBean(
            "fromCode",
            ClockworkEngineCustomizer.class,
            () -> builder -> builder.listener(new Recorder(heard)))
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              engine.enqueue(engine.create("billing").id(), Event.of("BILL"));
              engine.runDue();
              assertThat(heard).hasSize(1);
            });
  }

  @Test
  @SuppressWarnings("unchecked")
  void theEndpointListsQueuesDeadLettersAndSchedulesWhenExposed() {
    runner
        .withPropertyValues("management.endpoints.web.exposure.include=clockwork")
        .run(
            context -> {
              Engine engine = context.getBean(Engine.class);
              String id = engine.create("billing").id();
              engine.enqueue(id, Event.of("BREAK"));
              engine.enqueue(engine.create("billing").id(), Event.of("BILL"));
              ClockworkEndpoint endpoint = context.getBean(ClockworkEndpoint.class);
              List<Map<String, Object>> queues =
                  (List<Map<String, Object>>) endpoint.clockwork().get("queues");
              assertThat(queues)
                  .singleElement()
                  .satisfies(
                      q -> {
                        assertThat(q.get("machine")).isEqualTo("billing");
                        assertThat(q.get("pending")).isEqualTo(2L);
                      });
              engine.runDue();
              Map<String, Object> body = endpoint.clockwork();
              Map<String, List<Map<String, Object>>> dead =
                  (Map<String, List<Map<String, Object>>>) body.get("dead_letters");
              assertThat(dead.get("billing"))
                  .singleElement()
                  .satisfies(
                      d -> {
                        assertThat(d.get("instance_id")).isEqualTo(id);
                        assertThat(d.get("namespace")).isEqualTo("default");
                        assertThat(d.get("event")).isEqualTo("BREAK");
                      });
              assertThat(body.get("schedule_namespace")).isEqualTo("default");
              assertThat((List<?>) body.get("schedules")).isEmpty();
            });
  }

  @Test
  void theEndpointIsNotThereUnlessExposed() {
    runner.run(context -> assertThat(context).doesNotHaveBean(ClockworkEndpoint.class));
  }

  record Recorder(List<ProcessedEvent> heard) implements EngineListener {
    @Override
    public void eventProcessed(ProcessedEvent event) {
      heard.add(event);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Billing {
    @Bean
    MachineDefinition billing() {
      return TestMachines.billing(
          Behaviors.builder()
              .guard("canBill", scope -> true)
              .action("processBillingAction", scope -> {})
              .action("explode", scope -> scope.fail("BROKEN"))
              .build());
    }
  }
}
