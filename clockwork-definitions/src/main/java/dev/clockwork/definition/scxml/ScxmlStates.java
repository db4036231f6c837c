package dev.clockwork.definition.scxml;

import dev.clockwork.core.behavior.InState;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.ChildInput;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.definition.action.InputMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.w3c.dom.Element;

/**
 * Writes states: {@code <state>} (with {@code initial}), {@code <parallel>} and {@code <final>};
 * their {@code onentry}/{@code onexit} (actions, then timers armed and cancelled), {@code <invoke>}
 * of a child machine, and {@code <transition>}s — one per branch in the branch order, since SCXML
 * too takes the first enabled transition in document order. A transition to descendants of its
 * source only is {@code type="internal"}, as Clockwork keeps the source; a done event names the
 * SCXML id ({@code done.state.<id>}).
 */
final class ScxmlStates {
  private final MachineDefinition definition;
  private final ScxmlDocument document;
  private final ScxmlContent content;
  private final ScxmlTimers timers;

  ScxmlStates(MachineDefinition definition, ScxmlDocument document) {
    this.definition = definition;
    this.document = document;
    this.content = new ScxmlContent(document);
    this.timers = new ScxmlTimers(document);
  }

  Element state(StateNode state, String id) {
    String tag =
        switch (state.kind()) {
          case PARALLEL -> "parallel";
          case FINAL -> "final";
          default -> "state";
        };
    Element element = document.scxml(tag);
    element.setAttribute("id", id);
    if (state.initial() != null && state.kind() != StateKind.PARALLEL) {
      element.setAttribute("initial", ScxmlIds.of(state.initial()));
    }
    String where = state.path().isEmpty() ? definition.id() : definition.id() + "." + state.path();
    List<TransitionDef> timed = new ArrayList<>();
    for (TransitionDef t : state.transitions().values()) {
      if (t.timer() != null) {
        timed.add(t);
      }
    }
    timed.sort((a, b) -> a.event().compareTo(b.event()));
    if (state.entryActionCount() > 0 || !timed.isEmpty()) {
      Element onentry = document.scxml("onentry");
      for (int i = 0; i < state.entryActionCount(); i++) {
        content.action(onentry, state.entryAction(i), state.entryActionName(i), where + ".entry");
      }
      timed.forEach(t -> timers.arm(onentry, t.timer()));
      element.appendChild(onentry);
    }
    if (state.exitActionCount() > 0 || !timed.isEmpty()) {
      Element onexit = document.scxml("onexit");
      for (int i = 0; i < state.exitActionCount(); i++) {
        content.action(onexit, state.exitAction(i), state.exitActionName(i), where + ".exit");
      }
      timed.forEach(t -> timers.cancel(onexit, t.timer()));
      element.appendChild(onexit);
    }
    if (state.invokedMachine() != null) {
      element.appendChild(invoke(state));
    }
    List<Map.Entry<String, TransitionDef>> sorted = new ArrayList<>(state.transitions().entrySet());
    sorted.sort(Map.Entry.comparingByKey());
    for (Map.Entry<String, TransitionDef> entry : sorted) {
      transitions(element, entry.getValue(), event(entry.getKey(), state));
    }
    for (TransitionDef t : state.always()) {
      transitions(element, t, null);
    }
    for (StateNode child : state.children()) {
      element.appendChild(state(child, ScxmlIds.of(child)));
    }
    for (StateNode history : state.histories()) {
      element.appendChild(history(history, where + "." + history.name()));
    }
    return element;
  }

  /**
   * {@code <history type="shallow|deep">} with its default transition; without a default, one to
   * the parent's initial state (or every region), which is what Clockwork enters then.
   */
  private Element history(StateNode history, String where) {
    Element element = document.scxml("history");
    element.setAttribute("id", ScxmlIds.of(history));
    element.setAttribute("type", history.historyType() == HistoryType.DEEP ? "deep" : "shallow");
    Element transition = document.scxml("transition");
    List<String> ids = new ArrayList<>();
    TransitionDef fallback = history.historyDefault();
    if (fallback != null) {
      fallback.branch(0).targets().forEach(target -> ids.add(ScxmlIds.of(target)));
      Branch b = fallback.branch(0);
      for (int a = 0; a < b.actionCount(); a++) {
        content.action(transition, b.action(a), b.actionName(a), where + ".target");
      }
    } else if (history.parent().kind() == StateKind.PARALLEL) {
      history.parent().children().forEach(region -> ids.add(ScxmlIds.of(region)));
    } else {
      ids.add(ScxmlIds.of(history.parent().initial()));
    }
    transition.setAttribute("target", String.join(" ", ids));
    element.appendChild(transition);
    return element;
  }

  /** A branch's guards as one condition; an {@code In()} guard as SCXML's {@code In('id')}. */
  private String cond(Branch b, String where) {
    List<String> parts = new ArrayList<>();
    for (int g = 0; g < b.guardCount(); g++) {
      if (b.guard(g) instanceof InState in) {
        parts.add("In('" + ScxmlIds.of(definition.state(in.path())) + "')");
      } else {
        parts.add(ScxmlContent.cond(List.of(b.guardNames().get(g)), where));
      }
    }
    return String.join(" && ", parts);
  }

  /** The SCXML event of a transition: a done event names the SCXML id of its state. */
  private static String event(String event, StateNode state) {
    for (String prefix : List.of("done.state.", "fail.state.")) {
      if (event.equals(prefix + state.path())) {
        return prefix + ScxmlIds.of(state);
      }
    }
    return ScxmlIds.event(event);
  }

  private void transitions(Element parent, TransitionDef t, String event) {
    for (int i = 0; i < t.branchCount(); i++) {
      Branch b = t.branch(i);
      Element element = document.scxml("transition");
      if (event != null) {
        element.setAttribute("event", event);
      }
      if (b.guardCount() > 0) {
        element.setAttribute("cond", cond(b, t.path()));
      }
      if (!b.isTargetless()) {
        List<String> ids = new ArrayList<>();
        boolean inside = t.source().kind() != StateKind.ATOMIC;
        for (StateNode target : b.targets()) {
          ids.add(ScxmlIds.of(target));
          inside &= target != t.source() && target.isDescendantOf(t.source());
        }
        element.setAttribute("target", String.join(" ", ids));
        if (inside) {
          element.setAttribute("type", "internal");
        }
      }
      for (int a = 0; a < b.actionCount(); a++) {
        content.action(element, b.action(a), b.actionName(a), t.path());
      }
      parent.appendChild(element);
    }
  }

  private Element invoke(StateNode state) {
    Element invoke = document.scxml("invoke");
    invoke.setAttribute("type", ScxmlFormat.MACHINE_TYPE);
    invoke.setAttribute("src", state.invokedMachine());
    ChildInput input = state.childInput();
    if (input instanceof InputMapping mapping) {
      mapping
          .values()
          .forEach(
              (key, value) -> {
                Element param = document.scxml("param");
                param.setAttribute("name", key);
                if (value instanceof Map<?, ?> from
                    && from.size() == 1
                    && from.get(InputMapping.FROM_CONTEXT) instanceof String path) {
                  param.setAttribute(
                      "location", ScxmlContent.path("_context", List.of(path.split("\\."))));
                } else {
                  param.setAttribute("expr", ScxmlContent.json(value));
                }
                invoke.appendChild(param);
              });
    } else {
      ScxmlDocument.extension(
          invoke, "input", input == ChildInput.WHOLE_CONTEXT ? "context" : "code");
    }
    return invoke;
  }
}
