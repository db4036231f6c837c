package dev.clockwork.definition.xstate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.definition.DefinitionFormatException;
import org.junit.jupiter.api.Test;

/** What the import does not carry over is refused, naming the source, the JSON path and the fix. */
class XStateImportErrorsTest {
  private static void refused(String states, String path, String fix) {
    String json = "{\"id\":\"m\",\"initial\":\"a\",\"states\":" + states.replace('\'', '"') + "}";
    assertThatThrownBy(() -> XStateFormat.read("m.json", json, XStateTrace.BEHAVIORS))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageStartingWith("m.json: " + path + ": ")
        .hasMessageContaining(fix);
  }

  @Test
  void historyNodesTakeOnlyHistoryKeysAndAKnownKind() {
    refused(
        "{'a':{'initial':'b','states':{'b':{},'h':{'type':'history','on':{}}}}}",
        "a.h.on",
        "is not imported on a history state");
    refused(
        "{'a':{'initial':'b','states':{'b':{},'h':{'type':'history','history':'all'}}}}",
        "a.h.history",
        "unknown history 'all'; write \"shallow\" or \"deep\"");
  }

  @Test
  void invokeIsRefused() {
    refused("{'a':{'invoke':{'src':'fetchUser'}}}", "a.invoke", "write the child as a Clockwork");
  }

  @Test
  void wildcardEventsAreRefused() {
    refused("{'a':{'on':{'*':'a'}}}", "a.on.*", "name each event");
  }

  @Test
  void namedDelaysAreRefused() {
    refused("{'a':{'after':{'LONG':'a'}}}", "a.after.LONG", "milliseconds");
  }

  @Test
  void reenterIsRefusedWhereClockworkWouldNotDoTheSame() {
    refused(
        "{'a':{'initial':'b','states':{'b':{}},'on':{'E':{'target':'.b','reenter':true}}}}",
        "a.on.E.reenter",
        "drop it or model the re-entry");
    refused(
        "{'a':{'on':{'E':{'target':'a','reenter':false}}}}",
        "a.on.E.reenter",
        "always re-enters the source of a self-transition");
    refused("{'a':{'on':{'E':{'actions':'inc','reenter':true}}}}", "a.on.E.reenter", "targetless");
  }

  @Test
  void reenterIsTakenWhereClockworkDoesTheSame() {
    String json =
        "{'id':'m','initial':'a','states':{'a':{'on':{'E':{'target':'a','reenter':true},"
            + "'F':{'target':'b','reenter':false}}},'b':{}}}";
    assertThat(XStateFormat.read("m.json", json.replace('\'', '"'), XStateTrace.BEHAVIORS).id())
        .isEqualTo("m");
  }

  @Test
  void parameterisedGuardsAreRefused() {
    refused(
        "{'a':{'on':{'E':{'target':'a','guard':{'type':'yes','params':{'n':1}}}}}}",
        "a.on.E.guard",
        "with params");
  }

  @Test
  void inlineGuardCombinatorsAreRefused() {
    refused("{'a':{'on':{'E':{'guard':{'op':'and'}}}}}", "a.on.E.guard", "combinators");
  }

  @Test
  void unknownIdsNameTheFix() {
    refused("{'a':{'on':{'E':'#nowhere'}}}", "a.on.E", "give the target state \"id\"");
  }

  @Test
  void unknownKeysListTheSupportedOnes() {
    refused("{'a':{'tgs':['x']}}", "a.tgs", "supported keys are");
  }

  @Test
  void unknownBehavioursAreNamedByTheCore() {
    assertThatThrownBy(
            () ->
                XStateFormat.read(
                    "m.json",
                    "{\"id\":\"m\",\"initial\":\"a\",\"states\":{\"a\":{\"entry\":\"nope\"}}}",
                    XStateTrace.BEHAVIORS))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("nope");
  }

  @Test
  void notJsonIsRefused() {
    assertThatThrownBy(() -> XStateFormat.read("m.json", "{id: ", XStateTrace.BEHAVIORS))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("not JSON");
  }
}
