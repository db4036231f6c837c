package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Parallel dispatch edge cases an independent review found, in the pure interpreter. */
class ParallelDispatchEdgeCasesTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final AtomicInteger RUNS = new AtomicInteger();

  /**
   * Each region's initial state has an entry action (a fire-and-forget call) and an unguarded
   * {@code always} to a waiting state. Sequentially both entry actions run; with dispatch on, the
   * regions are dispatched, leave their initial states in the same macrostep, the runtime then
   * drops the jobs as "already left" (Turn.dispatch filters on regionPending) and the entry actions
   * never run at all.
   */
  static final MachineDefinition NOTIFY =
      Machine.define("notify")
          .initial("p")
          .parallel(
              "p",
              p ->
                  p.state(
                          "a",
                          r ->
                              r.initial("send")
                                  .state(
                                      "send",
                                      s -> s.entry(x -> RUNS.incrementAndGet()).always("wait"))
                                  .state("wait"))
                      .state(
                          "b",
                          r ->
                              r.initial("send")
                                  .state(
                                      "send",
                                      s -> s.entry(x -> RUNS.incrementAndGet()).always("wait"))
                                  .state("wait")))
          .build();

  @Test
  void anEntryActionOfARegionThatLeavesAtOnceStillRunsUnderDispatch() {
    RUNS.set(0);
    Interpreter.start(NOTIFY, Map.of(), T0, Delivery.NONE);
    assertThat(RUNS).as("sequential").hasValue(2);

    RUNS.set(0);
    StepResult started =
        Interpreter.start(
            NOTIFY, Map.of(), T0, Delivery.NONE, DispatchPolicy.enabled(Duration.ZERO));
    long pending =
        started.effects().stream()
            .filter(Effect.RegionDispatched.class::isInstance)
            .map(Effect.RegionDispatched.class::cast)
            .filter(
                d ->
                    Interpreter.regionPending(
                        started.snapshot(),
                        d.parallelState(),
                        d.parallelEntry(),
                        d.initialState(),
                        d.initialEntry()))
            .count();
    assertThat(started.snapshot().value()).containsExactly("p.a.wait", "p.b.wait");
    assertThat(RUNS.get() + pending)
        .as("entry actions run in the step or left to a job that will run them")
        .isEqualTo(2);
  }

  /**
   * A region's last attempt failed, but meanwhile the region was finished by other means (the
   * webhook arrived, an operator sent INVENTORY_OK). The failure is applied with only the parallel
   * entry checked (RegionResults.applyFailure), so @fail takes the whole parallel state down for a
   * region that already succeeded; a result in the same situation is discarded as "region already
   * advanced".
   */
  @Test
  void aFailureOfARegionThatAlreadyAdvancedIsDiscardedLikeAResult() {
    ParallelDispatchTest.Jobs jobs =
        ParallelDispatchTest.Jobs.start(ParallelDispatchTest.ORDER, Map.of());
    jobs.send(dev.clockwork.core.event.Event.of("INVENTORY_OK"));
    assertThat(jobs.snapshot.value()).contains("processing.inventory.done");
    jobs.fail(0, "timeout", "java.net.SocketTimeoutException", 3);
    assertThat(jobs.snapshot.value())
        .as("inventory is done; its stale failure should not fail the order")
        .contains("processing.inventory.done", "processing.payment.charging");
  }
}
