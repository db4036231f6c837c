package dev.clockwork.core.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MermaidDiagramTest {
  private final MachineDefinition machine =
      Machine.define("order")
          .initial("open")
          .state("open", s -> s.on("PAY", "fulfilling"))
          .parallel(
              "fulfilling",
              p ->
                  p.state("payment", r -> r.initial("pending").state("pending"))
                      .state("shipping", r -> r.initial("packing").state("packing")))
          .finalState("done")
          .build();

  @Test
  void drawsStatesTransitionsAndParallelRegions() {
    String diagram = MermaidDiagram.of(machine);

    assertThat(diagram).startsWith("stateDiagram-v2\n");
    String open = id("open");
    String fulfilling = id("fulfilling");
    assertThat(diagram)
        .contains("[*] --> " + open)
        .contains("state \"open\" as " + open)
        .contains(open + " --> " + fulfilling + " : PAY")
        .contains("state " + fulfilling + " {")
        .contains("--\n")
        .contains(id("done") + " --> [*]")
        .doesNotContain("class s");
  }

  @Test
  void marksTheActiveStates() {
    String diagram = MermaidDiagram.of(machine, Set.of("fulfilling.payment.pending", "fulfilling"));

    assertThat(diagram)
        .contains("class " + id("fulfilling") + "," + id("fulfilling.payment.pending") + " active");
  }

  @Test
  void labelsTimedTransitionsWithWhatTheyWaitFor() {
    MachineDefinition timed =
        Machine.define("invoice")
            .initial("open")
            .state("open", s -> s.on("EXPIRE", t -> t.to("closed").after(Timer.days(7))))
            .finalState("closed")
            .build();

    String diagram = MermaidDiagram.of(timed);

    assertThat(diagram).containsOnlyOnce(" --> s" + timed.state("closed").index() + " : ");
    assertThat(diagram).contains(": EXPIRE after 7 days");
  }

  @Test
  void drawsATargetlessRecurringTimerAsASelfLoopAndDoneAsWritten() {
    MachineDefinition nagging =
        Machine.define("nag")
            .initial("working")
            .state(
                "working",
                s ->
                    s.initial("busy")
                        .state(
                            "busy",
                            b ->
                                b.on("NUDGE", t -> t.every(Timer.seconds(1)).max(3))
                                    .on("FINISH", "finished"))
                        .finalState("finished")
                        .onDone("closed"))
            .finalState("closed")
            .build();

    String diagram = MermaidDiagram.of(nagging);

    String busy = "s" + nagging.state("working.busy").index();
    assertThat(diagram).contains(busy + " --> " + busy + " : NUDGE every 1 second ×3 (stays)");
    assertThat(diagram)
        .contains(
            "s"
                + nagging.state("working").index()
                + " --> s"
                + nagging.state("closed").index()
                + " : @done")
        .doesNotContain("done.state");
  }

  @Test
  void anEveryGivenAsTextReadsAsWrittenNotAsTheCycleItRunsAs() {
    MachineDefinition retrying =
        Machine.define("retrying")
            .initial("waiting")
            .state("waiting", s -> s.on("RETRY", t -> t.every("PT6H").max(3)).on("GIVE_UP", "gone"))
            .finalState("gone")
            .build();

    String diagram = MermaidDiagram.of(retrying);

    assertThat(diagram).contains(" : RETRY every 6 hours ×3 (stays)").doesNotContain("R/PT6H");
  }

  @Test
  void drawsHistoryStatesAsHOrHStarWithTheirDefault() {
    MachineDefinition editor =
        Machine.define("editor")
            .initial("editing")
            .state(
                "editing",
                s ->
                    s.initial("draft")
                        .state("draft")
                        .state("review")
                        .history("back")
                        .history("resume", h -> h.deep().to("review")))
            .state("paused", s -> s.on("RESUME", "editing.resume"))
            .build();
    String back = "s" + editor.state("editing.back").index();
    String resume = "s" + editor.state("editing.resume").index();
    String review = "s" + editor.state("editing.review").index();
    String paused = "s" + editor.state("paused").index();

    String diagram = MermaidDiagram.of(editor);

    assertThat(diagram)
        .contains("state \"H\" as " + back + "\n")
        .contains("state \"H*\" as " + resume + "\n")
        .contains(resume + " --> " + review + " : default")
        .contains(paused + " --> " + resume + " : RESUME");
  }

  private String id(String path) {
    return "s" + machine.state(path).index();
  }
}
