package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** History states across a migration: the record follows the mapping; initial histories enter. */
class MigrationHistoryTest {
  private static final Instant T0 = Run.T0;

  /** editing → (draft | {@code reviewName}), a deep history, PAUSE and RESUME. */
  private static MachineDefinition editor(int version, String reviewName) {
    return Machine.define("editor")
        .version(version)
        .initial("editing")
        .state(
            "editing",
            s ->
                s.initial("draft")
                    .history("resume", h -> h.deep())
                    .state("draft", c -> c.on("SUBMIT", reviewName))
                    .state(reviewName)
                    .on("PAUSE", "paused"))
        .state("paused", s -> s.on("RESUME", "editing.resume"))
        .build();
  }

  private static Snapshot send(Snapshot snapshot, String event) {
    return Interpreter.transition(snapshot, Event.of(event), T0).snapshot();
  }

  @Test
  void theRecordFollowsTheMappingAndIsRestoredUnderTheNewVersion() {
    Snapshot paused =
        send(
            send(Interpreter.start(editor(1, "review"), Map.of(), T0).snapshot(), "SUBMIT"),
            "PAUSE");
    MachineDefinition v2 = editor(2, "checking");

    Snapshot migrated =
        Interpreter.migrate(
                paused, v2, StateMapping.parse(List.of("editing.review=editing.checking")), T0)
            .snapshot();

    assertThat(migrated.history()).isEqualTo(Map.of("editing.resume", List.of("editing.checking")));
    assertThat(send(migrated, "RESUME").value()).containsExactly("editing.checking");
  }

  @Test
  void aRecordTheNewVersionCannotHoldIsForgotten() {
    Snapshot paused =
        send(
            send(Interpreter.start(editor(1, "review"), Map.of(), T0).snapshot(), "SUBMIT"),
            "PAUSE");
    MachineDefinition v2 = editor(2, "checking");

    Snapshot migrated = Interpreter.migrate(paused, v2, StateMapping.identity(), T0).snapshot();

    assertThat(migrated.history()).isEmpty();
    assertThat(send(migrated, "RESUME").value()).containsExactly("editing.draft");
  }

  @Test
  void aStateMappedIntoACompoundWhoseInitialIsAHistoryEntersItsDefault() {
    MachineDefinition v1 = Machine.define("job").initial("waiting").state("waiting").build();
    MachineDefinition v2 =
        Machine.define("job")
            .version(2)
            .initial("working")
            .state(
                "working",
                s ->
                    s.initial("resume")
                        .history("resume", h -> h.to("steps.second"))
                        .state("steps", c -> c.initial("first").state("first").state("second")))
            .build();

    Snapshot migrated =
        Interpreter.migrate(
                Interpreter.start(v1, Map.of(), T0).snapshot(),
                v2,
                StateMapping.parse(List.of("waiting=working")),
                T0)
            .snapshot();

    assertThat(migrated.value()).containsExactly("working.steps.second");
    assertThat(migrated.activeStates())
        .extracting(ActiveState::path)
        .containsExactly("", "working", "working.steps", "working.steps.second");
  }
}
