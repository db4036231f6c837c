package dev.clockwork.definition.scxml;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import java.util.Map;
import java.util.Objects;
import org.w3c.dom.Element;

/**
 * Exports any machine as a W3C SCXML 1.0 document, written with the JDK's XML APIs:
 *
 * <pre>{@code
 * String scxml = ScxmlFormat.write(order);
 * }</pre>
 *
 * States are {@code <state>}, {@code <parallel>} and {@code <final>} with their dotted paths as ids
 * (made XML names, see {@link ScxmlIds}); transitions carry {@code event}, {@code cond} (named
 * guards as {@code name()} calls) and {@code target}; built-in actions become SCXML's own {@code
 * <raise>}, {@code <log>}, {@code <assign>} and {@code <send>}, other actions the extension element
 * {@code <clockwork:action name="…"/>}; timers are a {@code <send delay>} in {@code onentry} and a
 * {@code <cancel>} in {@code onexit}, with {@code clockwork:} attributes where SCXML has no form
 * (see {@link ScxmlTimers}). The initial context is the ECMAScript data {@code _context}. A machine
 * with transitions or actions of its own is wrapped in one top state, its id the machine's, since
 * {@code <scxml>} takes neither. The export is for reading and for other tools; Clockwork does not
 * read SCXML back.
 */
public final class ScxmlFormat {
  /** The SCXML namespace. */
  public static final String SCXML_NAMESPACE = "http://www.w3.org/2005/07/scxml";

  /** The namespace of Clockwork's extension elements and attributes, prefixed {@code clockwork}. */
  public static final String CLOCKWORK_NAMESPACE = "https://clockwork.dev/scxml";

  /** The {@code <send type>} of an emit to another Clockwork instance. */
  public static final String EMIT_TYPE = CLOCKWORK_NAMESPACE + "/emit";

  /** The {@code <send type>} of a timer SCXML cannot express (calendar, date, cycle, cron). */
  public static final String TIMER_TYPE = CLOCKWORK_NAMESPACE + "/timer";

  /** The {@code <invoke type>} of a Clockwork child machine. */
  public static final String MACHINE_TYPE = CLOCKWORK_NAMESPACE + "/machine";

  private ScxmlFormat() {}

  /** The machine as an SCXML document (UTF-8, indented). */
  public static String write(MachineDefinition definition) {
    Objects.requireNonNull(definition, "definition");
    ScxmlDocument document = new ScxmlDocument();
    ScxmlStates states = new ScxmlStates(definition, document);
    Element scxml = document.scxml("scxml");
    scxml.setAttribute("version", "1.0");
    scxml.setAttribute("name", definition.id());
    scxml.setAttribute("datamodel", "ecmascript");
    document.root(scxml);
    Map<String, Object> context = definition.initialContext().asMap();
    if (!context.isEmpty()) {
      Element datamodel = document.scxml("datamodel");
      Element data = document.scxml("data");
      data.setAttribute("id", "_context");
      data.setAttribute("expr", ScxmlContent.json(context));
      datamodel.appendChild(data);
      scxml.appendChild(datamodel);
    }
    StateNode root = definition.root();
    if (hasOwnBehaviour(root)) {
      String id = rootId(definition);
      scxml.setAttribute("initial", id);
      scxml.appendChild(states.state(root, id));
    } else {
      scxml.setAttribute("initial", ScxmlIds.of(root.initial()));
      for (StateNode child : root.children()) {
        scxml.appendChild(states.state(child, ScxmlIds.of(child)));
      }
    }
    return document.text();
  }

  private static boolean hasOwnBehaviour(StateNode root) {
    return root.entryActionCount() > 0
        || root.exitActionCount() > 0
        || !root.transitions().isEmpty()
        || root.alwaysCount() > 0
        || root.invokedMachine() != null
        || root.initial() == null;
  }

  /** The machine's id as an XML name, kept apart from every state's id. */
  private static String rootId(MachineDefinition definition) {
    String id = ScxmlIds.name(definition.id());
    while (taken(definition, id)) {
      id = id + "_";
    }
    return id;
  }

  private static boolean taken(MachineDefinition definition, String id) {
    for (StateNode state : definition.states()) {
      if (!state.path().isEmpty() && ScxmlIds.of(state).equals(id)) {
        return true;
      }
    }
    return false;
  }
}
