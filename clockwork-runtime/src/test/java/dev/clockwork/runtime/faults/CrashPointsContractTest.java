package dev.clockwork.runtime.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.faults.FaultyStore.Point;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine dies at a crash point — before a commit, after a commit it never hears of, in the
 * middle of a claimed batch (the n-th commit of a round, with instances still leased), before its
 * broadcasts are delivered — and a new engine takes over once the dead one's leases expire. Every
 * event is applied once, every async emit arrives once, every broadcast reaches each target once.
 * Subclass once per store.
 */
public abstract class CrashPointsContractTest {
  private static final Instant T0 = Instant.parse("2026-05-04T08:00:00Z");
  private static final int COUNTERS = 6;

  protected abstract Store newStore();

  static Stream<Arguments> crashPoints() {
    return Stream.of(
        Arguments.of(Point.BEFORE_COMMIT, 1),
        Arguments.of(Point.BEFORE_COMMIT, 2),
        Arguments.of(Point.BEFORE_COMMIT, 5),
        Arguments.of(Point.AFTER_COMMIT, 1),
        Arguments.of(Point.AFTER_COMMIT, 2),
        Arguments.of(Point.AFTER_COMMIT, 5),
        Arguments.of(Point.BEFORE_BROADCAST, 1),
        Arguments.of(Point.BEFORE_BROADCAST, 2));
  }

  private static void append(ActionScope scope, String key, Object value) {
    List<Object> values = new ArrayList<>();
    if (scope.context().get(key) instanceof List<?> before) {
      values.addAll(before);
    }
    values.add(value);
    scope.set(key, values);
  }

  private static final MachineDefinition COUNTER =
      Machine.define("counter")
          .initial("on")
          .state(
              "on",
              s ->
                  s.on(
                          "N",
                          t ->
                              t.action(
                                  x -> {
                                    Object n = x.event().payload().get("n");
                                    append(x, "seen", n);
                                    if (Boolean.TRUE.equals(x.event().payload().get("announce"))) {
                                      x.broadcast("counter", "on", Event.of("B"));
                                    }
                                    if (Boolean.TRUE.equals(x.event().payload().get("forward"))) {
                                      x.emitAsync(
                                          "sink", Event.of("N", Map.of("n", x.instanceId())));
                                    }
                                  }))
                      .on("B", t -> t.action(x -> append(x, "heard", "B"))))
          .build();

  private static final MachineDefinition SINK =
      Machine.define("sink")
          .initial("on")
          .state(
              "on",
              s -> s.on("N", t -> t.action(x -> append(x, "seen", x.event().payload().get("n")))))
          .build();

  private static Engine engine(Store store, VirtualClock clock) {
    return Engine.builder().store(store).clock(clock).register(COUNTER, SINK).build();
  }

  /**
   * A creation whose commit fails says so: it once reported the failure as the id being taken, and
   * a schedule tick, taking that for a run already started, recorded an occurrence with no run (the
   * chaos suite's I7, a backend terminated mid-commit).
   */
  @Test
  void aCreationWhoseCommitFailsThrowsTheFailureNotThatTheIdIsTaken() {
    Store store = newStore();
    VirtualClock clock = VirtualClock.at(T0);
    Engine doomed = engine(new FaultyStore(store, Point.BEFORE_COMMIT, 1), clock);

    assertThatThrownBy(() -> doomed.create(NewInstance.of("counter").id("c-new")))
        .isInstanceOf(FaultyStore.Crash.class);

    Engine survivor = engine(store, clock);
    survivor.create(NewInstance.of("counter").id("c-new"));
    assertThat(survivor.instances().get("c-new").states()).containsExactly("on");
  }

  @ParameterizedTest(name = "{0} #{1}")
  @MethodSource("crashPoints")
  void nothingIsLostOrAppliedTwiceWhenTheEngineDies(Point point, int nth) {
    Store store = newStore();
    VirtualClock clock = VirtualClock.at(T0);
    Engine setUp = engine(store, clock);
    setUp.create(NewInstance.of("sink").id("sink"));
    for (int i = 0; i < COUNTERS; i++) {
      String id = "c-" + i;
      setUp.create(NewInstance.of("counter").id(id));
      for (int n = 1; n <= 4; n++) {
        Map<String, Object> payload = new java.util.HashMap<>();
        payload.put("n", n);
        payload.put("announce", i == 0 && n == 2);
        payload.put("forward", n == 4);
        setUp.enqueue(id, Event.of("N", payload));
      }
    }

    FaultyStore faulty = new FaultyStore(store, point, nth);
    Engine doomed = engine(faulty, clock);
    assertThatThrownBy(doomed::runDue).isInstanceOf(FaultyStore.Crash.class);
    assertThat(faulty.dead()).isTrue();

    clock.advance(Duration.ofSeconds(31)); // past the dead engine's leases
    Engine survivor = engine(store, clock);
    survivor.runDue();
    survivor.runDue();

    for (int i = 0; i < COUNTERS; i++) {
      assertThat((List<?>) survivor.instances().get("c-" + i).context().get("seen"))
          .as("c-%d applied each event once, in order", i)
          .extracting(n -> ((Number) n).longValue())
          .containsExactly(1L, 2L, 3L, 4L);
      assertThat(survivor.instances().get("c-" + i).context().get("heard"))
          .as("c-%d got the broadcast once", i)
          .isEqualTo(List.of("B"));
    }
    List<Object> forwarded = new ArrayList<>();
    forwarded.addAll((List<?>) survivor.instances().get("sink").context().get("seen"));
    assertThat(forwarded)
        .as("each async emit arrived once")
        .containsExactlyInAnyOrder("c-0", "c-1", "c-2", "c-3", "c-4", "c-5");
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10)).isEmpty();
  }
}
