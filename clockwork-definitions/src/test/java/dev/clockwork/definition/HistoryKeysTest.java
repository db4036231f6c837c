package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.action.AssignAction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * History states in machine files ({@code type: history} with {@code history} and {@code target})
 * and the {@code {in: <state>}} guard: each key changes what the machine does, and both round-trip.
 */
class HistoryKeysTest {

  /** editing → (draft | review → (reading | commenting)), left by PAUSE, re-entered by RESUME. */
  private static String editor(String historyKeys) {
    return """
        id: editor
        initial: editing
        states:
          editing:
            initial: draft
            on: {PAUSE: paused}
            states:
              draft: {on: {SUBMIT: review}}
              review:
                initial: reading
                states:
                  reading: {on: {COMMENT: commenting}}
                  commenting:
              resume: %s
          paused: {on: {RESUME: editing.resume}}
        """
        .formatted(historyKeys);
  }

  @Test
  void historyDeepRestoresTheLeafAndShallowTheChild() {
    String deep = editor("{type: history, history: deep}");
    String shallow = editor("{type: history, history: shallow}");

    assertThat(resumed(deep)).containsExactly("editing.review.commenting");
    assertThat(resumed(shallow)).containsExactly("editing.review.reading");
    assertThat(resumed(editor("{type: history}"))).containsExactly("editing.review.reading");
  }

  private static List<String> resumed(String yaml) {
    return Drive.start(Drive.yaml(yaml))
        .send("SUBMIT")
        .send("COMMENT")
        .send("PAUSE")
        .send("RESUME")
        .value();
  }

  @Test
  void targetIsTheDefaultWhileNothingIsRecorded() {
    String withTarget =
        editor("{type: history, history: deep, target: review.commenting}")
            .replace("initial: editing", "initial: paused");
    String without = editor("{type: history}").replace("initial: editing", "initial: paused");

    assertThat(Drive.start(Drive.yaml(withTarget)).send("RESUME").value())
        .containsExactly("editing.review.commenting");
    assertThat(Drive.start(Drive.yaml(without)).send("RESUME").value())
        .containsExactly("editing.draft");
  }

  @Test
  void actionsRunWhenTheDefaultIsTakenAndNotWhenARecordIsRestored() {
    String yaml =
        editor("{type: history, target: draft, actions: {assign: {defaulted: true}}}")
            .replace("initial: editing", "initial: paused");

    assertThat(Drive.start(Drive.yaml(yaml)).send("RESUME").context("defaulted")).isEqualTo(true);
    assertThat(
            Drive.start(Drive.yaml(yaml.replace("initial: paused", "initial: editing")))
                .send("PAUSE")
                .send("RESUME")
                .context("defaulted"))
        .isNull();
  }

  @Test
  void aHistoryTakesNoOtherKeysAndAKnownKind() {
    assertThatThrownBy(() -> Drive.yaml(editor("{type: history, on: {X: draft}}")))
        .hasMessageContaining("editor.editing.resume")
        .hasMessageContaining("unknown key 'on'; the keys allowed here are type, history, target");
    assertThatThrownBy(() -> Drive.yaml(editor("{type: history, history: deepest}")))
        .hasMessageContaining("editor.editing.resume.history")
        .hasMessageContaining("unknown history 'deepest'; write history: shallow or history: deep");
    assertThatThrownBy(() -> Drive.yaml(editor("{type: history, target: paused}")))
        .hasMessageContaining("the default target 'paused' must be a state inside 'editing'");
  }

  @Test
  void anInGuardPassesWhileTheStateIsActive() {
    MachineDefinition door =
        Drive.yaml(
            """
            id: door
            initial: closed
            states:
              closed:
                initial: unlocked
                on:
                  OPEN: {target: open, guards: [{in: closed.unlocked}]}
                states:
                  unlocked: {on: {LOCK: locked}}
                  locked:
              open:
            """);

    assertThat(Drive.start(door).send("OPEN").value()).containsExactly("open");
    assertThat(Drive.start(door).send("LOCK").send("OPEN").value())
        .containsExactly("closed.locked");
    assertThatThrownBy(
            () ->
                Drive.yaml(
                    "id: m\ninitial: a\nstates:\n  a: {on: {GO: {target: a, guards: {in: nowhere}}}}\n"))
        .hasMessageContaining("In(\"nowhere\") names no state of machine 'm'");
    assertThatThrownBy(
            () ->
                Drive.yaml(
                    "id: m\ninitial: a\nstates:\n  a: {on: {GO: {target: a, guards: {at: a}}}}\n"))
        .hasMessageContaining("unknown key 'at'; the keys allowed here are in");
  }

  /** The README's example: a form resumed at the step that was left, or at its start. */
  @Test
  void theApplicationFileResumesWhereItWasLeftAndIsTheReadmesExample() throws IOException {
    Path file = Path.of("src/test/resources/machines/application.yaml");
    MachineDefinition machine =
        MachineFormat.yaml().read(file.toString(), Files.readString(file), Drive.BEHAVIORS);

    assertThat(Drive.start(machine).send("NEXT").send("NEXT").send("PAUSE").send("RESUME").value())
        .containsExactly("filling.address.postcode");
    assertThat(Files.readString(Path.of("../README.md")))
        .contains("```yaml\n" + Files.readString(file) + "```");
  }

  @Test
  void historiesAndInGuardsRoundTrip() {
    MachineDefinition java =
        Machine.define("editor")
            .initial("editing")
            .state(
                "editing",
                s ->
                    s.initial("draft")
                        .state("draft", c -> c.on("SUBMIT", "review"))
                        .state("review")
                        .history("back")
                        .history(
                            "resume",
                            h -> h.deep().to("review").action(new AssignAction(Map.of("d", 1))))
                        .on("PAUSE", t -> t.guard(Guard.in("editing.review")).to("paused")))
            .state("paused", s -> s.on("RESUME", "editing.resume"))
            .build();

    MachineDefinition back = RoundTrip.of(java);

    assertThat(MachineFormat.yaml().write(back))
        .contains("type: history")
        .contains("history: deep")
        .contains("assign")
        .contains("history: shallow")
        .contains("in: editing.review");
    assertThat(Drive.start(back).send("PAUSE").value()).containsExactly("editing.draft");
    assertThat(Drive.start(back).send("SUBMIT").send("PAUSE").send("RESUME").value())
        .containsExactly("editing.review");
  }
}
