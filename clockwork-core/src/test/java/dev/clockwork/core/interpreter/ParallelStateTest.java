package dev.clockwork.core.interpreter;

import static dev.clockwork.core.interpreter.Run.log;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import org.junit.jupiter.api.Test;

/** Regions advance independently, @done waits for every region, conflicts go by document order. */
class ParallelStateTest {

  private static final MachineDefinition FULFILMENT =
      Machine.define("fulfilment")
          .initial("processing")
          .parallel(
              "processing",
              p ->
                  p.state(
                          "payment",
                          r ->
                              r.initial("pending")
                                  .state("pending", s -> s.on("PAID", "paid"))
                                  .finalState("paid"))
                      .state(
                          "shipping",
                          r ->
                              r.initial("packing")
                                  .state("packing", s -> s.on("SHIPPED", "shipped"))
                                  .finalState("shipped"))
                      .onDone("complete"))
          .finalState("complete")
          .build();

  @Test
  void enteringAParallelStateEntersEveryRegion() {
    assertThat(Run.start(FULFILMENT).value())
        .containsExactly("processing.payment.pending", "processing.shipping.packing");
  }

  @Test
  void regionsAdvanceIndependently() {
    Run run = Run.start(FULFILMENT).send("SHIPPED");
    assertThat(run.value())
        .containsExactly("processing.payment.pending", "processing.shipping.shipped");
    assertThat(run.snapshot().isDone()).isFalse();
  }

  @Test
  void doneFiresOnlyWhenEveryRegionIsFinal() {
    Run run = Run.start(FULFILMENT).send("PAID");
    assertThat(run.value())
        .containsExactly("processing.payment.paid", "processing.shipping.packing");
    run.send("SHIPPED");
    assertThat(run.value()).containsExactly("complete");
    assertThat(run.snapshot().isDone()).isTrue();
  }

  @Test
  void oneEventCanMoveSeveralRegions() {
    MachineDefinition m =
        Machine.define("m")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state("r1", r -> r.initial("a").state("a", s -> s.on("GO", "b")).state("b"))
                        .state(
                            "r2", r -> r.initial("a").state("a", s -> s.on("GO", "b")).state("b")))
            .build();
    assertThat(Run.start(m).send("GO").value()).containsExactly("p.r1.b", "p.r2.b");
  }

  @Test
  void conflictingTransitionsAreResolvedByDocumentOrder() {
    MachineDefinition m =
        Machine.define("m")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state(
                            "r1",
                            r ->
                                r.initial("a")
                                    .state(
                                        "a", s -> s.on("GO", t -> t.to("first").action(log("r1")))))
                        .state(
                            "r2",
                            r ->
                                r.initial("a")
                                    .state(
                                        "a",
                                        s -> s.on("GO", t -> t.to("second").action(log("r2"))))))
            .state("first")
            .state("second")
            .build();
    Run run = Run.start(m).send("GO");
    assertThat(run.value()).containsExactly("first");
    assertThat(run.log()).containsExactly("r1");
  }

  @Test
  void descendantTransitionPreemptsAncestorsInTheSameRegion() {
    MachineDefinition m =
        Machine.define("m")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state("r1", r -> r.initial("a").state("a", s -> s.on("GO", "b")).state("b"))
                        .state("r2", r -> r.initial("x").state("x").state("y"))
                        .on("GO", "out"))
            .state("out")
            .build();
    assertThat(Run.start(m).send("GO").value()).containsExactly("p.r1.b", "p.r2.x");
  }
}
