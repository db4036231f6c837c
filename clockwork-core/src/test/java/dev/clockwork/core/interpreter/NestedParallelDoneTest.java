package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateBuilder;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@code @done} at any depth (SCXML, W3C test 570): entering a final state raises {@code
 * done.state} for its parent, then for every ancestor parallel state all of whose regions are now
 * in a final state, innermost first; a compound state is done only when its own final child is
 * entered.
 */
class NestedParallelDoneTest {

  /** A region {@code name} waiting in {@code name1} for {@code event}, then final. */
  private static Consumer<StateBuilder> region(String name, String event) {
    return r ->
        r.initial(name + "1")
            .state(name + "1", s -> s.on(event, name + "f"))
            .finalState(name + "f");
  }

  /**
   * outer (parallel) = region a + inner (parallel: regions b and c); depth 4 at outer.inner.c.cf.
   */
  private static final MachineDefinition PARALLEL_IN_PARALLEL =
      Machine.define("nested")
          .initial("outer")
          .parallel(
              "outer",
              p ->
                  p.state("a", region("a", "A"))
                      .parallel(
                          "inner", q -> q.state("b", region("b", "B")).state("c", region("c", "C")))
                      .onDone("complete"))
          .finalState("complete")
          .build();

  private static List<String> raised(Run run) {
    return run.last().effects().stream()
        .filter(Effect.InternalEvent.class::isInstance)
        .map(e -> ((Effect.InternalEvent) e).event().type())
        .toList();
  }

  @Test
  void theOuterParallelIsDoneWhenTheInnerParallelFinishesLast() {
    Run run = Run.start(PARALLEL_IN_PARALLEL).send("A").send("B");
    assertThat(run.value()).containsExactly("outer.a.af", "outer.inner.b.bf", "outer.inner.c.c1");

    run.send("C");

    assertThat(raised(run))
        .containsExactly("done.state.outer.inner.c", "done.state.outer.inner", "done.state.outer");
    assertThat(run.value()).containsExactly("complete");
    assertThat(run.snapshot().isDone()).isTrue();
  }

  @Test
  void theOuterParallelIsDoneWhenAPlainRegionFinishesLast() {
    Run run = Run.start(PARALLEL_IN_PARALLEL).send("B").send("C");

    run.send("A");

    assertThat(raised(run)).containsExactly("done.state.outer.a", "done.state.outer");
    assertThat(run.value()).containsExactly("complete");
  }

  @Test
  void oneEventFinishingEveryRegionRaisesRegionsInDocumentOrderThenParallelsInnermostFirst() {
    MachineDefinition m =
        Machine.define("nested")
            .initial("outer")
            .parallel(
                "outer",
                p ->
                    p.state("a", region("a", "GO"))
                        .parallel(
                            "inner",
                            q -> q.state("b", region("b", "GO")).state("c", region("c", "GO")))
                        .onDone("complete"))
            .finalState("complete")
            .build();

    Run run = Run.start(m).send("GO");

    assertThat(raised(run))
        .containsExactly(
            "done.state.outer.a",
            "done.state.outer.inner.b",
            "done.state.outer.inner.c",
            "done.state.outer.inner",
            "done.state.outer");
    assertThat(run.value()).containsExactly("complete");
  }

  @Test
  void threeNestedParallelsAreDoneInnermostFirst() {
    MachineDefinition m =
        Machine.define("deep")
            .initial("p1")
            .parallel(
                "p1",
                p1 ->
                    p1.state("x", region("x", "X"))
                        .parallel(
                            "p2",
                            p2 ->
                                p2.state("y", region("y", "Y"))
                                    .parallel(
                                        "p3",
                                        p3 ->
                                            p3.state("z", region("z", "Z"))
                                                .state("w", region("w", "W"))))
                        .onDone("complete"))
            .finalState("complete")
            .build();
    Run run = Run.start(m).send("X").send("Y").send("Z");
    assertThat(run.value()).doesNotContain("complete");

    run.send("W");

    assertThat(raised(run))
        .containsExactly(
            "done.state.p1.p2.p3.w", "done.state.p1.p2.p3", "done.state.p1.p2", "done.state.p1");
    assertThat(run.value()).containsExactly("complete");
  }

  @Test
  void aParallelInsideACompoundRegionMakesOnlyTheCompoundMoveOnItsDone() {
    MachineDefinition m =
        Machine.define("wrapped")
            .initial("outer")
            .parallel(
                "outer",
                p ->
                    p.state("a", region("a", "A"))
                        .state(
                            "wrap",
                            w ->
                                w.initial("inner")
                                    .parallel(
                                        "inner",
                                        q ->
                                            q.state("b", region("b", "B"))
                                                .state("c", region("c", "C"))
                                                .onDone("wf"))
                                    .finalState("wf"))
                        .onDone("complete"))
            .finalState("complete")
            .build();
    Run run = Run.start(m).send("A").send("B");

    run.send("C");

    assertThat(raised(run))
        .containsExactly(
            "done.state.outer.wrap.inner.c",
            "done.state.outer.wrap.inner",
            "done.state.outer.wrap",
            "done.state.outer");
    assertThat(run.value()).containsExactly("complete");
  }

  @Test
  void aCompoundAroundADoneParallelIsNotDoneByItself() {
    MachineDefinition m =
        Machine.define("wrapped")
            .initial("outer")
            .parallel(
                "outer",
                p ->
                    p.state("a", region("a", "A"))
                        .state(
                            "wrap",
                            w ->
                                w.initial("inner")
                                    .parallel(
                                        "inner",
                                        q ->
                                            q.state("b", region("b", "B"))
                                                .state("c", region("c", "C")))
                                    .finalState("wf"))
                        .onDone("complete"))
            .finalState("complete")
            .build();
    Run run = Run.start(m).send("A").send("B");

    run.send("C");

    assertThat(raised(run))
        .containsExactly("done.state.outer.wrap.inner.c", "done.state.outer.wrap.inner");
    assertThat(run.value())
        .containsExactly("outer.a.af", "outer.wrap.inner.b.bf", "outer.wrap.inner.c.cf");
  }
}
