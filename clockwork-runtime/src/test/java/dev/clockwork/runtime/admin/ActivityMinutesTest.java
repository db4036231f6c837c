package dev.clockwork.runtime.admin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The minutes behind the dashboard's charts: per minute the dead letters, the processing times and
 * timer lateness in buckets, and the backlog each flush samples; this engine's unflushed counts
 * included, flushed ones not counted twice.
 */
class ActivityMinutesTest {
  private static final MachineDefinition KETTLE =
      Machine.define("kettle")
          .initial("cold")
          .state(
              "cold",
              s ->
                  s.on("HEAT", "heating")
                      .on("NOTE", t -> t.action(x -> {}))
                      .on("CRACK", t -> t.action(x -> x.fail("CRACKED", "the kettle cracked"))))
          .state("heating", s -> s.on("BOIL", t -> t.to("cold").after(Timer.minutes(5))))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-03-01T09:00:00Z");
  private final InMemoryStore store = new InMemoryStore();
  private final Engine engine = Engine.builder().store(store).clock(clock).register(KETTLE).build();

  private List<ActivitySample> minutes() {
    return engine.admin().queues().activityMinutes("kettle", Duration.ofHours(1));
  }

  @Test
  void eachMinuteCountsDeadLettersProcessingTimesAndTimerLateness() {
    engine.create(NewInstance.of("kettle").id("k-1"));
    engine.create(NewInstance.of("kettle").id("k-2"));
    engine.enqueue("k-1", Event.of("NOTE"));
    engine.enqueue("k-2", Event.of("CRACK"));
    engine.enqueue("k-1", Event.of("HEAT"));
    assertThat(engine.runDue()).isEqualTo(3);

    // the timer falls due at 09:05; the engine gets to it 40 s late, in the next minutes
    clock.advance(Duration.ofMinutes(5).plusSeconds(40));
    assertThat(engine.runDue()).isEqualTo(1);

    List<ActivitySample> minutes = minutes();
    assertThat(minutes)
        .extracting(ActivitySample::minute)
        .containsExactly(
            Instant.parse("2026-03-01T09:00:00Z"), Instant.parse("2026-03-01T09:05:00Z"));
    ActivitySample first = minutes.get(0);
    assertThat(first.processed()).isEqualTo(3);
    assertThat(first.completed()).isEqualTo(2);
    assertThat(first.deadLettered()).isEqualTo(1);
    assertThat(first.processingTimes().count()).isEqualTo(3);
    assertThat(first.timerLateness().count()).isZero();
    ActivitySample fired = minutes.get(1);
    assertThat(fired.timerLateness().count()).isEqualTo(1);
    assertThat(fired.timerLateness().percentile(0.95).toMillis())
        .as("40 s late, within a bucket")
        .isBetween(Math.round(40_000 / 1.42), Math.round(40_000 * 1.42));

    engine.admin().queues().flushActivity();
    assertThat(minutes())
        .as("flushed minutes are not counted twice")
        .extracting(ActivitySample::processed)
        .containsExactly(3L, 1L);
  }

  @Test
  void everyFlushSamplesTheBacklogAndAMinuteKeepsTheLargest() {
    engine.create(NewInstance.of("kettle").id("k-1"));
    engine.enqueue("k-1", Event.of("NOTE"));
    engine.enqueue("k-1", Event.of("NOTE"));
    engine.admin().queues().flushActivity();
    engine.runDue();
    clock.advance(Duration.ofSeconds(10));
    engine.admin().queues().flushActivity();

    assertThat(minutes()).extracting(ActivitySample::backlog).containsExactly(2L);

    clock.advance(Duration.ofMinutes(1));
    engine.admin().queues().flushActivity();
    assertThat(store.activity().minutes("kettle", Instant.EPOCH, clock.instant().plusSeconds(60)))
        .extracting(ActivitySample::backlog)
        .containsExactly(2L, 0L);
  }
}
