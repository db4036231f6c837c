package dev.clockwork.core.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Guard;
import org.junit.jupiter.api.Test;

/** History states and {@code In()} guards are checked in build(), naming the path and the fix. */
class HistoryDefinitionErrorsTest {

  private static MachineBuilder editor() {
    return Machine.define("editor").initial("editing").state("paused");
  }

  @Test
  void aHistoryIsBuiltWithItsTypeAndDefault() {
    MachineDefinition machine =
        editor()
            .state(
                "editing",
                s ->
                    s.initial("draft")
                        .state("draft")
                        .state("review")
                        .history("resume", h -> h.deep().to("review")))
            .build();

    StateNode resume = machine.state("editing.resume");
    assertThat(resume.kind()).isEqualTo(StateKind.HISTORY);
    assertThat(resume.historyType()).isEqualTo(HistoryType.DEEP);
    assertThat(resume.historyDefault().branch(0).targets())
        .containsExactly(machine.state("editing.review"));
    assertThat(machine.state("editing").histories()).containsExactly(resume);
    assertThat(machine.state("editing").children()).doesNotContain(resume);
    assertThat(resume.isDescendantOf(machine.state("editing"))).isTrue();
  }

  @Test
  void aHistoryIsShallowWithoutADefaultUnlessToldOtherwise() {
    StateNode resume =
        editor()
            .state("editing", s -> s.initial("draft").state("draft").history("resume"))
            .build()
            .state("editing.resume");

    assertThat(resume.historyType()).isEqualTo(HistoryType.SHALLOW);
    assertThat(resume.historyDefault()).isNull();
  }

  @Test
  void aHistoryAtTheTopLevelIsRefused() {
    assertThatThrownBy(() -> editor().state("editing").history("resume").build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith(
            "editor.resume: a history state belongs in a compound or parallel state, and the"
                + " machine itself is never left");
  }

  @Test
  void aHistoryInAnAtomicStateIsRefused() {
    assertThatThrownBy(() -> editor().state("editing", s -> s.history("resume")).build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith(
            "editor.editing.resume: a history state belongs in a compound or parallel state, but"
                + " 'editing' is atomic");
  }

  @Test
  void aHistoryNamedLikeASiblingIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state("editing", s -> s.initial("draft").state("draft").history("draft"))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("editor.editing.draft: duplicate state id 'draft'");
  }

  @Test
  void aDefaultOutsideTheParentIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state(
                        "editing",
                        s ->
                            s.initial("draft")
                                .state("draft")
                                .history("resume", h -> h.to("paused")))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessage(
            "editor.editing.resume.target: the default target 'paused' must be a state inside"
                + " 'editing' (the history's parent), not a history state; choose one of"
                + " [editing.draft]");
  }

  @Test
  void twoDefaultTargetsInACompoundStateAreRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state(
                        "editing",
                        s ->
                            s.initial("draft")
                                .state("draft")
                                .state("review")
                                .history("resume", h -> h.to("draft", "review")))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith(
            "editor.editing.resume.target: a history in the compound state 'editing' has at most"
                + " one default target");
  }

  @Test
  void aGuardedDefaultIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state(
                        "editing",
                        s ->
                            s.initial("draft")
                                .state("draft")
                                .history("resume", h -> h.to("draft").guard(scope -> true)))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith(
            "editor.editing.resume.target: a history default transition takes no guards");
  }

  @Test
  void aDefaultWithActionsButNoTargetIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state(
                        "editing",
                        s ->
                            s.initial("draft")
                                .state("draft")
                                .history("resume", h -> h.action(scope -> {})))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessage(
            "editor.editing.resume.target: a history default transition needs a target; add"
                + " .to(\"<child state>\")");
  }

  @Test
  void anInitialHistoryWithoutADefaultIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state("editing", s -> s.initial("resume").state("draft").history("resume"))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessage(
            "editor.editing.resume: the history is the initial state of 'editing', so it needs a"
                + " default for the first entry; add h.to(\"<child state>\")");
  }

  @Test
  void anInGuardNamingNoStateIsRefused() {
    assertThatThrownBy(
            () ->
                editor()
                    .state(
                        "editing",
                        s -> s.on("PAUSE", t -> t.guard(Guard.in("draftt")).to("paused")))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith(
            "editor.editing.on.PAUSE: In(\"draftt\") names no state of machine 'editor'");
  }
}
