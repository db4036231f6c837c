package dev.clockwork.runtime.listener;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The listener seam tracing needs: headers contributed at enqueue travel with the queued event to
 * its processing report, reports say which states an event left and entered, and creations are told
 * with what started them.
 */
class EventHeadersTest {
  private final VirtualClock clock = VirtualClock.at("2026-05-01T08:00:00Z");
  private final List<ProcessedEvent> processed = new CopyOnWriteArrayList<>();
  private final List<String> created = new CopyOnWriteArrayList<>();

  private final EngineListener tracer =
      new EngineListener() {
        @Override
        public Map<String, String> enqueuing(
            String namespace, String instanceId, String machine, Event event) {
          return Map.of("traceparent", "trace-of-" + event.type(), "tenant", "a");
        }

        @Override
        public void eventProcessed(ProcessedEvent event) {
          processed.add(event);
        }

        @Override
        public void instanceCreated(
            String namespace, String instanceId, String machine, Event origin, Instant at) {
          created.add(machine + ":" + (origin == null ? "-" : origin.type()) + "@" + at);
        }
      };

  private final Engine engine =
      Engine.builder()
          .clock(clock)
          .register(order())
          .listener(tracer)
          .listener(
              new EngineListener() {
                @Override
                public Map<String, String> enqueuing(
                    String namespace, String id, String machine, Event event) {
                  return Map.of("tenant", "b");
                }
              })
          .build();

  @Test
  void headersGivenAtEnqueueAreReportedWithTheProcessing() {
    String id = engine.create("order").id();
    engine.enqueue(id, Event.of("SUBMIT"));
    engine.runDue();

    assertThat(processed)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.headers())
                  .containsExactlyInAnyOrderEntriesOf(
                      Map.of("traceparent", "trace-of-SUBMIT", "tenant", "b"));
              assertThat(e.statesBefore()).containsExactly("idle");
              assertThat(e.statesAfter()).containsExactly("waiting");
              assertThat(e.transitioned()).isTrue();
            });
  }

  @Test
  void sendsAndTimerFiresCarryNoHeadersAndReportTheirStates() {
    String id = engine.create("order").id();
    engine.send(id, Event.of("SUBMIT"));
    clock.advance(Duration.ofHours(1));
    engine.runDue();

    assertThat(processed).extracting(ProcessedEvent::source).containsExactly("send", "timer");
    assertThat(processed).allSatisfy(e -> assertThat(e.headers()).isEmpty());
    assertThat(processed.get(1).statesBefore()).containsExactly("waiting");
    assertThat(processed.get(1).statesAfter()).containsExactly("expired");
  }

  @Test
  void creationsAreToldWithWhatStartedThem() {
    engine.create("order");
    engine.create(NewInstance.of("order").origin(Event.of("ScheduleTriggered")));

    assertThat(created)
        .containsExactly(
            "order:-@2026-05-01T08:00:00Z", "order:ScheduleTriggered@2026-05-01T08:00:00Z");
  }

  private static MachineDefinition order() {
    return Machine.define("order")
        .initial("idle")
        .state("idle", s -> s.on("SUBMIT", "waiting"))
        .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").after(Timer.hours(1))))
        .finalState("expired")
        .build();
  }
}
