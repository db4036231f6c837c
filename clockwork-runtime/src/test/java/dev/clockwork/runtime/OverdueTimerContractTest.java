package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Overdue policies on a durable engine: an hourly timer found 4 hours 10 minutes late (the clock
 * moved past several intervals, as after an outage) fires once ({@code fire}), not at all ({@code
 * skip_missed}) or once as a catch-up ({@code fire_once}); the skips are in the instance's history
 * and the next fire keeps the rhythm. Subclass per store.
 */
public abstract class OverdueTimerContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Duration HOUR = Duration.ofHours(1);

  private VirtualClock clock;
  private Engine engine;

  protected abstract Store newStore();

  private static MachineDefinition poller(String id, OverduePolicy policy) {
    return Machine.define(id)
        .overdue(policy)
        .context(java.util.Map.of("polls", 0))
        .initial("polling")
        .state(
            "polling",
            s ->
                s.on(
                    "POLL",
                    t ->
                        t.action(x -> x.set("polls", x.context().getLong("polls", 0) + 1))
                            .every(Timer.hours(1))))
        .build();
  }

  @BeforeEach
  void engine() {
    clock = VirtualClock.at(T0);
    engine =
        Engine.builder()
            .store(newStore())
            .clock(clock)
            .register(
                poller("fires", OverduePolicy.FIRE),
                poller("skips", OverduePolicy.SKIP_MISSED),
                poller("catches_up", OverduePolicy.FIRE_ONCE))
            .build();
    for (String machine : List.of("fires", "skips", "catches_up")) {
      engine.create(NewInstance.of(machine).id(machine + "-1"));
    }
    clock.advance(HOUR.multipliedBy(4).plusMinutes(10));
    engine.runDue();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private Instance instance(String machine) {
    return engine.instances().get(machine + "-1");
  }

  private Instant nextDue(String machine) {
    List<ArmedTimer> timers = instance(machine).timers();
    assertThat(timers).hasSize(1);
    return timers.get(0).due();
  }

  private long polls(String machine) {
    return ((Number) instance(machine).context().get("polls")).longValue();
  }

  private static int count(HistoryEntry skip) {
    return ((Number) skip.payload().get("count")).intValue();
  }

  private List<HistoryEntry> skips(String machine) {
    return engine.instances().history(HistoryQuery.all(machine + "-1")).stream()
        .filter(h -> h.kind() == HistoryEntry.Kind.TIMER_SKIPPED)
        .toList();
  }

  @Test
  void fireFiresOnceLateAndGoesOnFromThen() {
    assertThat(polls("fires")).isEqualTo(1);
    assertThat(nextDue("fires")).isEqualTo(clock.instant().plus(HOUR));
    assertThat(skips("fires")).isEmpty();
  }

  @Test
  void skipMissedRecordsTheMissedFiresAndKeepsTheRhythm() {
    assertThat(polls("skips")).isEqualTo(0);
    assertThat(nextDue("skips")).isEqualTo(T0.plus(HOUR.multipliedBy(5)));
    HistoryEntry skip = skips("skips").get(0);
    assertThat(skip.event()).isEqualTo("POLL");
    assertThat(count(skip)).isEqualTo(4);
    assertThat(skip.payload().get("missed"))
        .asList()
        .containsExactly(
            "2026-01-01T01:00:00Z",
            "2026-01-01T02:00:00Z",
            "2026-01-01T03:00:00Z",
            "2026-01-01T04:00:00Z");
  }

  @Test
  void fireOnceRunsOneCatchUpAndKeepsTheRhythm() {
    assertThat(polls("catches_up")).isEqualTo(1);
    assertThat(nextDue("catches_up")).isEqualTo(T0.plus(HOUR.multipliedBy(5)));
    assertThat(count(skips("catches_up").get(0))).isEqualTo(3);
  }

  @Test
  void theRhythmGoesOnOnTimeAfterTheCatchUp() {
    clock.advance(Duration.ofMinutes(50)); // T0 + 5h: the next due on the rhythm
    engine.runDue();

    assertThat(polls("skips")).isEqualTo(1);
    assertThat(nextDue("skips")).isEqualTo(T0.plus(HOUR.multipliedBy(6)));
    assertThat(skips("skips")).hasSize(1);
  }
}
