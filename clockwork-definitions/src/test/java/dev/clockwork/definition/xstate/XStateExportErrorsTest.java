package dev.clockwork.definition.xstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.MachineFormat;
import dev.clockwork.definition.write.DefinitionExportException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * What XState JSON cannot say the way Clockwork runs it is refused on export, naming the path and
 * the fix; the rest is written in XState's own keys.
 */
class XStateExportErrorsTest {
  private static MachineDefinition yaml(String states) {
    return MachineFormat.yaml()
        .read("m.yaml", "id: m\ninitial: a\nstates:\n" + states, XStateTrace.BEHAVIORS);
  }

  private static void refused(String states, String path, String fix) {
    assertThatThrownBy(() -> XStateFormat.write(yaml(states)))
        .isInstanceOf(DefinitionExportException.class)
        .hasMessageStartingWith(path + ": ")
        .hasMessageContaining(fix);
  }

  @Test
  void childMachinesAreRefused() {
    refused("  a: {invoke: payment}\n", "m.a.invoke", "export the machine without invoke");
  }

  @Test
  void timersXStateCannotWaitForAreRefused() {
    refused("  a: {on: {T: {target: a, every: 1 hour}}}\n", "m.a.on.T", "fixed delay only");
    refused("  a: {on: {T: {target: a, cron: '0 9 * * *'}}}\n", "m.a.on.T", "fixed delay only");
    refused("  a: {on: {T: {target: a, after: P1M}}}\n", "m.a.on.T", "calendar period");
  }

  @Test
  void builtInActionsAndSeveralGuardsAreRefused() {
    refused("  a: {entry: {raise: GO}}\n", "m.a.entry", "register an action that does the same");
    refused(
        "  a: {on: {E: {target: a, guards: [countAtLeast2, never]}}}\n",
        "m.a.on.E",
        "one guard per transition");
  }

  @Test
  void timersBecomeAfterAndTargetsOutsideTheSiblingsTheirIds() throws IOException {
    String json =
        XStateFormat.write(
            yaml(
                """
                  a:
                    initial: b
                    on: {UP: c}
                    states:
                      b: {on: {OUT: c, SELF: b, LATER: {target: c, after: 90 seconds}}}
                  c: {}
                """));
    JsonNode a = new ObjectMapper().readTree(json).at("/states/a");
    assertThat(a.at("/on/UP").asText()).isEqualTo("c");
    JsonNode b = a.at("/states/b");
    assertThat(b.at("/after/90000").asText()).isEqualTo("#m.c");
    assertThat(b.at("/on/OUT").asText()).isEqualTo("#m.c");
    assertThat(b.at("/on/SELF/target").asText()).isEqualTo("b");
    assertThat(b.at("/on/SELF/reenter").asBoolean()).isTrue();
    assertThat(b.at("/on").has("LATER")).isFalse();
  }

  @Test
  void inGuardsAndHistoryDefaultsWithActionsAreRefused() {
    refused(
        "  a: {on: {GO: {target: b, guards: [{in: b}]}}}\n  b: {}\n",
        "m.a.on.GO",
        "an In() guard has no XState JSON form");
    refused(
        "  a:\n    initial: x\n    states:\n      x: {}\n"
            + "      h: {type: history, target: x, actions: inc}\n",
        "m.a.h.target",
        "XState's history takes one default target and no actions");
  }

  @Test
  void historyStatesAreWrittenAndReadBackTheSame() throws IOException {
    MachineDefinition editor =
        yaml(
            """
              a:
                initial: x
                on: {PAUSE: p}
                states:
                  x: {on: {NEXT: y}}
                  y: {}
                  h: {type: history, history: deep, target: y}
              p: {on: {BACK: a.h}}
            """);

    String json = XStateFormat.write(editor);
    JsonNode h = new ObjectMapper().readTree(json).at("/states/a/states/h");
    MachineDefinition back = XStateFormat.read("m.json", json, XStateTrace.BEHAVIORS);

    assertThat(h.get("type").asText()).isEqualTo("history");
    assertThat(h.get("history").asText()).isEqualTo("deep");
    assertThat(h.get("target").asText()).isEqualTo("y");
    assertThat(back.state("a.h").historyDefault().branch(0).targets())
        .containsExactly(back.state("a.y"));
    assertThat(back.state("p").transition("BACK").branch(0).targets())
        .containsExactly(back.state("a.h"));
  }
}
