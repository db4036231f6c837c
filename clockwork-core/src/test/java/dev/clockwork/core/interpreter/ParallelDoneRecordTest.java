package dev.clockwork.core.interpreter;

import static dev.clockwork.core.definition.ParallelEvents.DONE;
import static dev.clockwork.core.definition.ParallelEvents.ENTER;
import static dev.clockwork.core.definition.ParallelEvents.PARALLEL_STATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.TransitionBuilder;
import dev.clockwork.core.event.Event;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@code PARALLEL_DONE} is recorded when a dispatched parallel state's {@code @done} fires, that is
 * when one of its branches is taken, not merely because every region is final: with a guarded
 * {@code @done} that does not pass, the history must not say done while the instance stays in the
 * parallel state (the seed's table: "All regions reach final, @done fires").
 */
class ParallelDoneRecordTest {

  /** Two dispatched regions that each finish by raising their event; {@code @done} as given. */
  static MachineDefinition order(Consumer<TransitionBuilder> done) {
    return Machine.define("order")
        .initial("processing")
        .parallel(
            "processing",
            p ->
                p.state(
                        "inventory",
                        r ->
                            r.initial("checking")
                                .state(
                                    "checking",
                                    s ->
                                        s.entry(a -> a.raise("INVENTORY_OK"))
                                            .on("INVENTORY_OK", "done"))
                                .finalState("done"))
                    .state(
                        "payment",
                        r ->
                            r.initial("charging")
                                .state(
                                    "charging",
                                    s ->
                                        s.entry(a -> a.raise("PAYMENT_OK"))
                                            .on("PAYMENT_OK", "done"))
                                .finalState("done"))
                    .onDone(done))
        .state("review")
        .finalState("completed")
        .build();
  }

  private static final MachineDefinition GUARDED =
      order(t -> t.guard(g -> g.context().has("approved")).to("completed"));

  @Test
  void aGuardedDoneThatDoesNotPassRecordsNoParallelDone() {
    ParallelDispatchTest.Jobs jobs = ParallelDispatchTest.Jobs.start(GUARDED, Map.of());
    jobs.runInOrder(0, 1);

    assertThat(jobs.snapshot.value())
        .containsExactly("processing.inventory.done", "processing.payment.done");
    assertThat(jobs.types())
        .containsExactly(
            ENTER, "PAYMENT_OK", "done.state.processing.payment", "done.state.processing");
  }

  @Test
  void norWhenAnExternalEventFinishesTheLastRegion() {
    ParallelDispatchTest.Jobs jobs = ParallelDispatchTest.Jobs.start(GUARDED, Map.of());
    jobs.run(0);
    jobs.send(Event.of("PAYMENT_OK"));

    assertThat(jobs.snapshot.value())
        .containsExactly("processing.inventory.done", "processing.payment.done");
    assertThat(jobs.types())
        .containsExactly("done.state.processing.payment", "done.state.processing");
  }

  @Test
  void aGuardedDoneThatPassesRecordsParallelDoneBeforeItsEvent() {
    ParallelDispatchTest.Jobs jobs =
        ParallelDispatchTest.Jobs.start(GUARDED, Map.of("approved", true));
    jobs.runInOrder(0, 1);

    assertThat(jobs.snapshot.value()).containsExactly("completed");
    assertThat(jobs.types())
        .containsExactly(
            ENTER, "PAYMENT_OK", "done.state.processing.payment", DONE, "done.state.processing");
    assertThat(jobs.payload(DONE)).containsEntry(PARALLEL_STATE, "processing");
  }

  @Test
  void aLaterBranchTakenIsDoneToo() {
    MachineDefinition branches =
        order(
            t ->
                t.branch(b -> b.guard(g -> g.context().has("approved")).to("completed"))
                    .branch(b -> b.to("review")));
    ParallelDispatchTest.Jobs jobs = ParallelDispatchTest.Jobs.start(branches, Map.of());
    jobs.runInOrder(1, 0);

    assertThat(jobs.snapshot.value()).containsExactly("review");
    assertThat(jobs.types())
        .containsExactly(
            ENTER,
            "INVENTORY_OK",
            "done.state.processing.inventory",
            DONE,
            "done.state.processing");
  }
}
