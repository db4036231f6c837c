package dev.clockwork.examples.fulfilment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.testkit.MachineTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fulfilment example in both modes, as the parallel-dispatch seed recommends. */
class FulfilmentMachineTest {
  private static final MachineDefinition FULFILMENT = FulfilmentMachine.definition();
  private static final Map<String, Object> ORDER = Map.of("order_id", "o-42", "amount_cents", 4990);

  @Test
  void withoutDispatchBothCallsRunInTheEnteringTurn() {
    MachineTest.of(FULFILMENT, ORDER)
        .assertState("confirmed")
        .assertContext("reservation_id", "res-o-42")
        .assertContext("payment_id", "pay-o-42");
  }

  // snippet:start fulfilment-test
  @Test
  void withDispatchRegionsRunAsJobsInAnyOrder() {
    MachineTest test = MachineTest.with(FULFILMENT).input(ORDER).parallelDispatch().start();
    test.assertState("reserving")
        .assertState("charging")
        .assertRegionJobs("inventory", "payment") // waiting until the test runs them
        .runRegionJobs("payment") // the payment answers first
        .assertState("captured")
        .assertState("reserving")
        .runRegionJobs("inventory") // the last region to finish carries the order on
        .assertState("confirmed")
        .assertContext("reservation_id", "res-o-42")
        .assertContext("payment_id", "pay-o-42")
        .assertRecorded(ParallelEvents.DONE);
  }

  @Test
  void aRegionThatKeepsFailingEndsInFailAfterOneRetry() {
    MachineTest test =
        MachineTest.with(FULFILMENT)
            .input(ORDER)
            .parallelDispatch(settings -> settings.jobTries(1))
            .start();
    test.failRegionJob("payment", new IllegalStateException("card declined"))
        .assertState("retrying") // the first @fail branch: try once more
        .send("RETRY")
        .failRegionJob("payment", new IllegalStateException("card declined"))
        .assertState("failed")
        .assertRecorded(ParallelEvents.FAIL);
  }

  // snippet:end fulfilment-test

  @Test
  void theFailureReachesTheContextWithTheSeedsPayload() {
    MachineTest test =
        MachineTest.with(FULFILMENT)
            .input(Map.of("order_id", "o-1", "amount_cents", 1, "retried", true))
            .parallelDispatch(settings -> settings.jobTries(1))
            .start()
            .failRegionJob("inventory", new IllegalStateException("no stock"));
    test.assertState("failed");
    assertThat(test.instance().context().get("failure"))
        .isEqualTo(
            Map.of(
                "region_id",
                "processing.inventory",
                "error",
                "no stock",
                "exception",
                "java.lang.IllegalStateException",
                "attempts",
                1));
  }
}
