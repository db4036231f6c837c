package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Each macrostep reads the clock when it starts: work claimed together but run one after another is
 * stamped with the instant each really ran, so state entries (and the timers anchored on them) are
 * never backdated to the claim.
 */
class HonestTimeTest {
  private static final Instant T0 = Instant.parse("2026-08-01T09:00:00Z");
  private final VirtualClock clock = VirtualClock.at(T0);

  /** Taking GO costs the action a second of (virtual) time. */
  private final MachineDefinition slow =
      Machine.define("slow")
          .initial("ready")
          .state(
              "ready",
              s -> s.on("GO", t -> t.to("going").action(x -> clock.advance(Duration.ofSeconds(1)))))
          .state("going", s -> s.on("STOP", t -> t.to("stopped").after(Timer.seconds(3))))
          .state("stopped")
          .build();

  @Test
  void aTurnThatStartsASecondAfterItsClaimRecordsItsStateEntryAtItsOwnStart() {
    Engine engine = Engine.builder().clock(clock).register(slow).build();
    engine.create(NewInstance.of("slow").id("first"));
    engine.create(NewInstance.of("slow").id("second"));
    engine.enqueue("first", Event.of("GO"));
    engine.enqueue("second", Event.of("GO"));

    assertThat(engine.runDue()).as("both claimed in one round").isEqualTo(2);

    assertThat(entered(engine, "first")).isEqualTo(T0);
    assertThat(entered(engine, "second")).isEqualTo(T0.plusSeconds(1));
    assertThat(engine.instances().get("second").timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plusSeconds(4)));
  }

  private static Instant entered(Engine engine, String id) {
    return engine.instances().history(HistoryQuery.all(id)).stream()
        .filter(h -> h.kind() == Kind.EVENT)
        .map(HistoryEntry::entered)
        .flatMap(java.util.List::stream)
        .filter(e -> e.path().equals("going"))
        .findFirst()
        .orElseThrow()
        .enteredAt();
  }
}
