package dev.clockwork.definition.xstate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** XState history nodes import as history states: their kind, their default, their behaviour. */
class XStateHistoryImportTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private static MachineDefinition editor(String history) {
    String json =
        """
        {"id": "editor", "initial": "editing", "states": {
          "editing": {"initial": "draft", "on": {"PAUSE": "paused"}, "states": {
            "draft": {"on": {"SUBMIT": "review"}},
            "review": {"initial": "reading", "states": {
              "reading": {"on": {"COMMENT": "commenting"}}, "commenting": {}}},
            "hist": %s}},
          "paused": {"on": {"RESUME": "editing.hist"}}}}
        """
            .formatted(history);
    return XStateFormat.read("editor.json", json, XStateTrace.BEHAVIORS);
  }

  private static List<String> resumed(MachineDefinition machine, String... before) {
    Snapshot snapshot = Interpreter.start(machine, Map.of(), T0).snapshot();
    for (String event : before) {
      snapshot = Interpreter.transition(snapshot, Event.of(event), T0).snapshot();
    }
    return snapshot.value();
  }

  @Test
  void deepAndShallowHistoryRestoreWhatWasLeft() {
    MachineDefinition deep = editor("{\"type\": \"history\", \"history\": \"deep\"}");
    MachineDefinition shallow = editor("{\"type\": \"history\"}");

    assertThat(deep.state("editing.hist").historyType()).isEqualTo(HistoryType.DEEP);
    assertThat(shallow.state("editing.hist").historyType()).isEqualTo(HistoryType.SHALLOW);
    assertThat(resumed(deep, "SUBMIT", "COMMENT", "PAUSE", "RESUME"))
        .containsExactly("editing.review.commenting");
    assertThat(resumed(shallow, "SUBMIT", "COMMENT", "PAUSE", "RESUME"))
        .containsExactly("editing.review.reading");
  }

  @Test
  void theTargetIsTheDefaultResolvedAmongItsSiblingsAndWhatWasRecordedComesFirst() {
    MachineDefinition machine =
        editor("{\"type\": \"history\", \"history\": \"shallow\", \"target\": \"review\"}");

    assertThat(machine.state("editing.hist").historyDefault().branch(0).targets())
        .containsExactly(machine.state("editing.review"));
    assertThat(resumed(machine, "PAUSE", "RESUME")).containsExactly("editing.draft");
  }
}
