package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An operator's reschedule, extend, fire now and cancel of one armed timer on a durable engine:
 * applied under the instance's lease, kept in its history with who and why; raced against a fire
 * that is being processed, the fire wins cleanly. Subclass per store.
 */
public abstract class TimerOperationContractTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Operator DESK = Operator.named("support-desk");

  private static volatile CountDownLatch remindStarted = new CountDownLatch(0);
  private static volatile CountDownLatch remindMayFinish = new CountDownLatch(0);

  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("awaiting_payment")
          .state(
              "awaiting_payment",
              s ->
                  s.on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7)))
                      .on(
                          "REMIND",
                          t ->
                              t.action(
                                      x -> {
                                        remindStarted.countDown();
                                        await(remindMayFinish);
                                        x.set("reminders", x.context().getLong("reminders", 0) + 1);
                                      })
                                  .every(Timer.hours(6))))
          .state("cancelled")
          .build();

  private VirtualClock clock;
  private Engine engine;

  protected abstract Store newStore();

  @BeforeEach
  void engine() {
    remindStarted = new CountDownLatch(0);
    remindMayFinish = new CountDownLatch(0);
    clock = VirtualClock.at(T0);
    engine = Engine.builder().store(newStore()).clock(clock).register(ORDER).build();
    engine.create(NewInstance.of("order").id("o-1"));
  }

  @AfterEach
  void close() {
    remindMayFinish.countDown();
    engine.close();
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test's latch was never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private InstanceTimers timers() {
    return engine.instances().timers("o-1");
  }

  private Instant due(Instance instance, String event) {
    return instance.timers().stream()
        .filter(t -> t.event().equals(event))
        .map(ArmedTimer::due)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aRescheduledTimerFiresAtItsNewDueNotBefore() {
    Instant newDue = T0.plus(Duration.ofDays(10));
    Instance moved = timers().reschedule("ORDER_EXPIRED", newDue, DESK, "customer on holiday");
    assertThat(due(moved, "ORDER_EXPIRED")).isEqualTo(newDue);

    clock.advance(Duration.ofDays(7));
    engine.runDue();
    assertThat(engine.instances().get("o-1").states()).containsExactly("awaiting_payment");

    clock.advance(Duration.ofDays(3));
    engine.runDue();
    assertThat(engine.instances().get("o-1").states()).containsExactly("cancelled");
  }

  @Test
  void eachOperationIsInTheHistoryWithWhoAndWhy() {
    timers().extend("ORDER_EXPIRED", Duration.ofDays(1), DESK, "more time");
    timers().cancel("REMIND", DESK, "no reminders please");

    List<HistoryEntry> operations =
        engine.instances().history(HistoryQuery.all("o-1")).stream()
            .filter(h -> h.event().equals("@timer"))
            .toList();
    assertThat(operations).hasSize(2);
    assertThat(operations.get(0).payload())
        .containsEntry("operation", "extend")
        .containsEntry("timer", "ORDER_EXPIRED")
        .containsEntry("by", "PT24H")
        .containsEntry("principal", "support-desk")
        .containsEntry("reason", "more time");
    assertThat(operations.get(1).payload()).containsEntry("operation", "cancel");
    assertThat(engine.instances().get("o-1").timers())
        .extracting(ArmedTimer::event)
        .containsExactly("ORDER_EXPIRED");
  }

  @Test
  void fireNowRunsTheTransitionAndTheRhythmGoesOnFromIt() {
    clock.advance(Duration.ofHours(1));
    Instance fired = timers().fireNow("REMIND", DESK, "test the reminder");

    assertThat(((Number) fired.context().get("reminders")).longValue()).isEqualTo(1);
    assertThat(due(fired, "REMIND")).isEqualTo(clock.instant().plus(Duration.ofHours(6)));
    assertThat(timers().fireNow("ORDER_EXPIRED", DESK, "cancel it now").states())
        .containsExactly("cancelled");
  }

  @Test
  void aTimerThatIsNoLongerArmedIsRefusedNamingTheArmedOnes() {
    timers().cancel("REMIND", DESK, null);

    assertThatThrownBy(() -> timers().extend("REMIND", Duration.ofHours(1), DESK, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no armed timer 'REMIND'")
        .hasMessageContaining("awaiting_payment#ORDER_EXPIRED");
    assertThat(engine.instances().history(HistoryQuery.all("o-1")))
        .as("a mistaken name leaves no failure in the history")
        .noneMatch(h -> h.kind() == HistoryEntry.Kind.FAILED);
  }

  @Test
  void aFireBeingProcessedWinsAgainstAnOperationThatArrivesMidStep() throws Exception {
    remindStarted = new CountDownLatch(1);
    remindMayFinish = new CountDownLatch(1);
    clock.advance(Duration.ofHours(6));
    CompletableFuture<Integer> fire = CompletableFuture.supplyAsync(() -> engine.runDue());
    await(remindStarted); // the fire holds the lease, its action is running

    CompletableFuture<Instance> rescheduled =
        CompletableFuture.supplyAsync(
            () -> timers().reschedule("REMIND", T0.plus(Duration.ofDays(2)), DESK, "later"));
    remindMayFinish.countDown();

    assertThat(fire.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    Instance after = rescheduled.get(30, TimeUnit.SECONDS);
    assertThat(((Number) after.context().get("reminders")).longValue())
        .as("the fire ran once, before the operation")
        .isEqualTo(1);
    assertThat(due(after, "REMIND"))
        .as("the operation moved the timer the fire re-armed")
        .isEqualTo(T0.plus(Duration.ofDays(2)));
    clock.advance(Duration.ofHours(6)); // the re-armed due the operation replaced
    assertThat(engine.runDue()).isZero();
  }
}
