package dev.clockwork.definition.scxml;

import static dev.clockwork.definition.scxml.ScxmlStructure.children;
import static dev.clockwork.definition.scxml.ScxmlStructure.extensions;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.MachineFormat;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** Machines exported as SCXML: well-formed, SCXML's structure, and each part in SCXML's terms. */
class ScxmlFormatTest {
  private static final Behaviors BEHAVIORS =
      Behaviors.builder()
          .guard("isNotPaid", scope -> !scope.context().getBoolean("paid"))
          .guard("odd guard", scope -> true)
          .action("markPaid", scope -> scope.set("paid", true))
          .action("retryPayment", scope -> {})
          .build();

  private static ScxmlStructure export(MachineDefinition definition) throws Exception {
    return ScxmlStructure.check(ScxmlFormat.write(definition));
  }

  private static ScxmlStructure yaml(String text) throws Exception {
    return export(MachineFormat.yaml().read("m.yaml", text, BEHAVIORS));
  }

  private static Element only(Element parent, String name) {
    List<Element> found = children(parent, name);
    assertThat(found).as(name + " of " + parent.getAttribute("id")).hasSize(1);
    return found.get(0);
  }

  @Test
  void theOrderMachineArmsItsTimersOnEntryAndCancelsThemOnExit() throws Exception {
    ScxmlStructure order =
        export(MachineFormat.read(Path.of("src/test/resources/machines/order.yaml"), BEHAVIORS));
    Element root = order.root();
    assertThat(root.getAttribute("initial")).isEqualTo("awaiting_payment");
    assertThat(root.getAttribute("name")).isEqualTo("order");
    assertThat(only(only(root, "datamodel"), "data").getAttribute("expr"))
        .isEqualTo("{\"paid\":false}");

    Element awaiting = order.state("awaiting_payment");
    Element send = only(only(awaiting, "onentry"), "send");
    assertThat(send.getAttribute("event")).isEqualTo("ORDER_EXPIRED");
    assertThat(send.getAttribute("delay")).isEqualTo("604800s");
    assertThat(only(only(awaiting, "onexit"), "cancel").getAttribute("sendid"))
        .isEqualTo(send.getAttribute("id"));
    Element expire =
        children(awaiting, "transition").stream()
            .filter(t -> t.getAttribute("event").equals("ORDER_EXPIRED"))
            .findFirst()
            .orElseThrow();
    assertThat(expire.getAttribute("cond")).isEqualTo("isNotPaid()");
    assertThat(expire.getAttribute("target")).isEqualTo("cancelled");
    assertThat(extensions(awaiting, "action"))
        .singleElement()
        .satisfies(a -> assertThat(a.getAttribute("name")).isEqualTo("markPaid"));

    Element retry = only(only(order.state("retrying_payment"), "onentry"), "send");
    assertThat(retry.getAttribute("delay")).isEqualTo("21600s");
    assertThat(retry.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "every")).isEqualTo("PT6H");
    assertThat(retry.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "max")).isEqualTo("3");
    assertThat(retry.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "then"))
        .isEqualTo("MAX_RETRIES");
    assertThat(order.state("paid").getLocalName()).isEqualTo("final");
  }

  @Test
  void parallelRegionsCompoundInitialsAndInternalTransitions() throws Exception {
    ScxmlStructure machine =
        yaml(
            """
            id: m
            initial: p
            states:
              p:
                type: parallel
                onDone: end
                states:
                  left:
                    initial: l1
                    on: {RESET: l1}
                    states: {l1: {on: {GO: l2}}, l2: {type: final}}
                  right: {initial: r1, states: {r1: {on: {GO: r2}}, r2: {type: final}}}
              end: {type: final}
            """);
    Element p = machine.state("p");
    assertThat(p.getLocalName()).isEqualTo("parallel");
    assertThat(p.hasAttribute("initial")).isFalse();
    assertThat(children(p, "state"))
        .extracting(e -> e.getAttribute("id"))
        .containsExactly("p.left", "p.right");
    assertThat(machine.state("p.left").getAttribute("initial")).isEqualTo("p.left.l1");
    assertThat(only(machine.state("p.left.l1"), "transition").getAttribute("target"))
        .isEqualTo("p.left.l2");
    Element reset = only(machine.state("p.left"), "transition");
    assertThat(reset.getAttribute("type")).as("Clockwork keeps the source").isEqualTo("internal");
    Element done = only(p, "transition");
    assertThat(done.getAttribute("event")).isEqualTo("done.state.p");
    assertThat(done.getAttribute("target")).isEqualTo("end");
  }

  @Test
  void builtInsBecomeScxmlsOwnElementsAndBranchesKeepTheirOrder() throws Exception {
    ScxmlStructure machine =
        yaml(
            """
            id: m
            initial: a
            states:
              a:
                entry: [{raise: GO}, {log: entered}, {sendParent: {event: UP, payload: {n: 1}}}]
                on:
                  PAY:
                    - {target: b, guards: [isNotPaid, odd guard]}
                    - {target: c, actions: {assign: {total: {fromEvent: cart.total}, k: 2}}}
                  EMIT: {actions: {emit: {event: CHARGE, machine: payment, mode: async}}}
              b: {invoke: payment, input: {orderId: {fromContext: order.id}, kind: express}}
              c: {}
            """);
    Element a = machine.state("a");
    Element entry = only(a, "onentry");
    assertThat(only(entry, "raise").getAttribute("event")).isEqualTo("GO");
    assertThat(only(entry, "log").getAttribute("expr")).isEqualTo("\"entered\"");
    Element up = only(entry, "send");
    assertThat(up.getAttribute("target")).isEqualTo("#_parent");
    assertThat(only(up, "param").getAttribute("expr")).isEqualTo("1");
    List<Element> pay =
        children(a, "transition").stream()
            .filter(t -> t.getAttribute("event").equals("PAY"))
            .toList();
    assertThat(pay).extracting(t -> t.getAttribute("target")).containsExactly("b", "c");
    assertThat(pay.get(0).getAttribute("cond")).isEqualTo("isNotPaid() && _guard(\"odd guard\")");
    assertThat(children(pay.get(1), "assign"))
        .extracting(e -> e.getAttribute("location") + "=" + e.getAttribute("expr"))
        .containsExactly("_context.total=_event.data.cart.total", "_context.k=2");
    Element emit =
        children(a, "transition").stream()
            .filter(t -> t.getAttribute("event").equals("EMIT"))
            .map(t -> only(t, "send"))
            .findFirst()
            .orElseThrow();
    assertThat(emit.getAttribute("type")).isEqualTo(ScxmlFormat.EMIT_TYPE);
    assertThat(emit.getAttribute("target")).isEqualTo("payment");
    assertThat(emit.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "mode")).isEqualTo("async");
    Element invoke = only(machine.state("b"), "invoke");
    assertThat(invoke.getAttribute("type")).isEqualTo(ScxmlFormat.MACHINE_TYPE);
    assertThat(invoke.getAttribute("src")).isEqualTo("payment");
    assertThat(children(invoke, "param"))
        .extracting(
            e -> e.getAttribute("name") + ":" + e.getAttribute("location") + e.getAttribute("expr"))
        .containsExactly("orderId:_context.order.id", "kind:\"express\"");
  }

  @Test
  void timersScxmlCannotExpressKeepTheirDeclarationInClockworkAttributes() throws Exception {
    ScxmlStructure machine =
        yaml(
            """
            id: m
            initial: a
            states:
              a:
                on:
                  DAILY: {target: b, cron: '0 9 * * *', zone: Europe/Berlin}
                  MONTHLY: {target: b, after: P1M}
                  SOON: {target: b, after: 1500 milliseconds}
              b: {}
            """);
    List<Element> sends = children(only(machine.state("a"), "onentry"), "send");
    assertThat(sends).hasSize(3);
    Element daily = sends.get(0);
    assertThat(daily.getAttribute("event")).isEqualTo("DAILY");
    assertThat(daily.hasAttribute("delay")).isFalse();
    assertThat(daily.getAttribute("type")).isEqualTo(ScxmlFormat.TIMER_TYPE);
    assertThat(daily.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "cron"))
        .isEqualTo("0 9 * * *");
    assertThat(daily.getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "zone"))
        .isEqualTo("Europe/Berlin");
    assertThat(sends.get(1).getAttributeNS(ScxmlFormat.CLOCKWORK_NAMESPACE, "after"))
        .isEqualTo("P1M");
    assertThat(sends.get(2).getAttribute("delay")).isEqualTo("1500ms");
    assertThat(children(only(machine.state("a"), "onexit"), "cancel")).hasSize(3);
  }

  @Test
  void oddNamesBecomeXmlNamesAndTextIsEscaped() throws Exception {
    String odd = "a<b & \"c\"";
    MachineDefinition definition =
        Machine.define("odd machine")
            .behaviors(BEHAVIORS)
            .initial("2nd step")
            .state("2nd step", s -> s.on("go now", odd).entry(x -> {}))
            .state(odd, s -> s.on("back", t -> t.to("2nd step").action("markPaid")))
            .build();
    String xml = ScxmlFormat.write(definition);
    ScxmlStructure machine = ScxmlStructure.check(xml);
    assertThat(machine.root().getAttribute("name")).isEqualTo("odd machine");
    assertThat(machine.root().getAttribute("initial")).isEqualTo("_2nd_x0020_step");
    Element second = machine.state("_2nd_x0020_step");
    Element go = only(second, "transition");
    assertThat(go.getAttribute("event")).isEqualTo("go_x0020_now");
    assertThat(go.getAttribute("target"))
        .isEqualTo("a_x003C_b_x0020__x0026__x0020__x0022_c_x0022_");
    assertThat(extensions(second, "action"))
        .singleElement()
        .satisfies(a -> assertThat(a.getAttribute("code")).isEqualTo("odd machine.2nd step.entry"));
  }

  @Test
  void aMachineWithTransitionsOfItsOwnIsWrappedInATopState() throws Exception {
    ScxmlStructure machine =
        yaml("id: a\ninitial: a\non: {RESET: a}\nstates:\n  a: {on: {NEXT: b}}\n  b: {}\n");
    Element top = only(machine.root(), "state");
    assertThat(top.getAttribute("id")).isEqualTo("a_");
    assertThat(machine.root().getAttribute("initial")).isEqualTo("a_");
    assertThat(top.getAttribute("initial")).isEqualTo("a");
    assertThat(only(top, "transition").getAttribute("event")).isEqualTo("RESET");
  }

  @Test
  void historyStatesAndInGuardsAreWrittenAsScxmlHas() throws Exception {
    MachineDefinition editor =
        Machine.define("editor")
            .initial("editing")
            .state(
                "editing",
                s ->
                    s.initial("draft")
                        .state("draft", c -> c.on("SUBMIT", "review"))
                        .state("review")
                        .history("back")
                        .history("resume", h -> h.deep().to("review"))
                        .on("PAUSE", t -> t.guard(Guard.in("editing.review")).to("paused")))
            .state("paused", s -> s.on("RESUME", "editing.resume"))
            .build();

    ScxmlStructure scxml = export(editor);

    Element resume = scxml.state(ScxmlIds.of(editor.state("editing.resume")));
    assertThat(resume.getLocalName()).isEqualTo("history");
    assertThat(resume.getAttribute("type")).isEqualTo("deep");
    assertThat(only(resume, "transition").getAttribute("target"))
        .isEqualTo(ScxmlIds.of(editor.state("editing.review")));
    Element back = scxml.state(ScxmlIds.of(editor.state("editing.back")));
    assertThat(back.getAttribute("type")).isEqualTo("shallow");
    assertThat(only(back, "transition").getAttribute("target"))
        .as("no default: the parent's initial, which Clockwork enters then")
        .isEqualTo(ScxmlIds.of(editor.state("editing.draft")));
    assertThat(
            only(scxml.state(ScxmlIds.of(editor.state("editing"))), "transition")
                .getAttribute("cond"))
        .isEqualTo("In('" + ScxmlIds.of(editor.state("editing.review")) + "')");
  }
}
