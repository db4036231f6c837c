package dev.clockwork.core.diagram;

import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.input.ReservedNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A machine definition as a Mermaid {@code stateDiagram-v2}: compound states nest, parallel regions
 * are separated by {@code --}, transitions are labelled with their event (timers with what they
 * wait for), and the states in {@code active} carry the class {@code active} so a page can
 * highlight where an instance is. State ids are {@code s<index>}; labels are the state names. A
 * history state is drawn as a node labelled {@code H} (shallow) or {@code H*} (deep), with an arrow
 * to its default target, if any.
 */
public final class MermaidDiagram {
  private final MachineDefinition definition;
  private final Set<String> active;
  private final StringBuilder out = new StringBuilder();

  private MermaidDiagram(MachineDefinition definition, Set<String> active) {
    this.definition = definition;
    this.active = Set.copyOf(active);
  }

  /** The diagram of {@code definition}. */
  public static String of(MachineDefinition definition) {
    return of(definition, Set.of());
  }

  /** The diagram of {@code definition} with the states whose paths are {@code active} marked. */
  public static String of(MachineDefinition definition, Set<String> active) {
    return new MermaidDiagram(definition, active).draw();
  }

  private String draw() {
    out.append("stateDiagram-v2\n");
    StateNode root = definition.root();
    body(root, "  ");
    List<String> marked = new ArrayList<>();
    for (StateNode state : definition.states()) {
      if (state != root && active.contains(state.path())) {
        marked.add(id(state));
      }
    }
    out.append("  classDef active fill:#fde68a,stroke:#b45309,stroke-width:3px\n");
    if (!marked.isEmpty()) {
      out.append("  class ").append(String.join(",", marked)).append(" active\n");
    }
    return out.toString();
  }

  private void body(StateNode parent, String indent) {
    if (parent.kind() == StateKind.PARALLEL) {
      List<StateNode> regions = parent.children();
      for (int i = 0; i < regions.size(); i++) {
        if (i > 0) {
          out.append(indent).append("--\n");
        }
        state(regions.get(i), indent);
      }
      histories(parent, indent);
      return;
    }
    if (parent.initial() != null) {
      out.append(indent).append("[*] --> ").append(id(parent.initial())).append('\n');
    }
    for (StateNode child : parent.children()) {
      state(child, indent);
    }
    histories(parent, indent);
  }

  private void histories(StateNode parent, String indent) {
    for (StateNode history : parent.histories()) {
      String mark = history.historyType() == HistoryType.DEEP ? "H*" : "H";
      out.append(indent)
          .append("state \"")
          .append(mark)
          .append("\" as ")
          .append(id(history))
          .append('\n');
      if (history.historyDefault() != null) {
        arrows(history.historyDefault(), "default", indent);
      }
    }
  }

  private void state(StateNode state, String indent) {
    out.append(indent)
        .append("state \"")
        .append(label(state.name()))
        .append("\" as ")
        .append(id(state))
        .append('\n');
    if (!state.children().isEmpty()) {
      out.append(indent).append("state ").append(id(state)).append(" {\n");
      body(state, indent + "  ");
      out.append(indent).append("}\n");
    }
    if (state.kind() == StateKind.FINAL) {
      out.append(indent).append(id(state)).append(" --> [*]\n");
    }
    List<TransitionDef> drawn = new ArrayList<>(state.transitions().values());
    for (TransitionDef transition : state.timedTransitions()) {
      if (!drawn.contains(transition)) {
        drawn.add(transition);
      }
    }
    for (TransitionDef transition : drawn) {
      arrows(transition, event(transition), indent);
    }
    for (TransitionDef transition : state.always()) {
      arrows(transition, "always", indent);
    }
  }

  /**
   * A transition's label as written: {@code @done} and {@code @fail} for the internal done and fail
   * events, a timer's event with what it waits for ({@code NUDGE every 1 second ×3}).
   */
  private static String event(TransitionDef transition) {
    String event = transition.event();
    if (event.startsWith(ReservedNames.STATE_DONE_PREFIX)) {
      return "@done";
    }
    if (event.startsWith(ReservedNames.STATE_FAIL_PREFIX)) {
      return "@fail";
    }
    if (transition.timer() == null) {
      return event;
    }
    return event + " " + transition.timer().describe().replaceAll(", max (\\d+)", " ×$1");
  }

  /**
   * An arrow to each target of each branch; a branch with no target (the state stays, its actions
   * run) is a self-loop marked {@code (stays)}, drawn once.
   */
  private void arrows(TransitionDef transition, String event, String indent) {
    boolean stays = false;
    for (Branch branch : transition.branches()) {
      if (branch.targets().isEmpty() && !stays) {
        stays = true;
        String self = id(transition.source());
        out.append(indent)
            .append(self)
            .append(" --> ")
            .append(self)
            .append(" : ")
            .append(label(event + " (stays)"))
            .append('\n');
      }
      for (StateNode target : branch.targets()) {
        out.append(indent)
            .append(id(transition.source()))
            .append(" --> ")
            .append(id(target))
            .append(" : ")
            .append(label(event))
            .append('\n');
      }
    }
  }

  private static String id(StateNode state) {
    return "s" + state.index();
  }

  /** Mermaid labels cannot hold quotes, colons, semicolons or newlines; keep the rest. */
  private static String label(String text) {
    return text.replaceAll("[\":;\\r\\n#]", " ").strip();
  }
}
