package dev.clockwork.definition.scxml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.behavior.Action;
import dev.clockwork.definition.action.AssignAction;
import dev.clockwork.definition.action.EmitAction;
import dev.clockwork.definition.action.LogAction;
import dev.clockwork.definition.action.RaiseAction;
import dev.clockwork.definition.action.SendParentAction;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.w3c.dom.Element;

/**
 * Executable content: an action becomes the SCXML element that does the same where there is one —
 * {@code raise} as {@code <raise>}, {@code log} as {@code <log>}, {@code assign} as {@code
 * <assign>} on the {@code _context} data ({@code fromEvent} as {@code _event.data.<path>}), {@code
 * sendParent} as {@code <send target="#_parent">}, {@code emit} as a {@code <send>} of the
 * Clockwork emit type — and otherwise the extension element {@code <clockwork:action name="…"/>} (a
 * named behaviour) or {@code <clockwork:action code="<path>"/>} (a lambda). Guards become the
 * {@code cond} expression {@code name()}, several joined with {@code &&}.
 */
final class ScxmlContent {
  /** The JSON value of constants, which ECMAScript reads as the same value. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

  private final ScxmlDocument document;

  ScxmlContent(ScxmlDocument document) {
    this.document = document;
  }

  void action(Element parent, Action action, String name, String where) {
    if (name != null) {
      Element named = document.clockwork("action");
      named.setAttribute("name", name);
      parent.appendChild(named);
    } else if (action instanceof RaiseAction raise) {
      Element element = document.scxml("raise");
      element.setAttribute("event", ScxmlIds.event(raise.event()));
      parent.appendChild(element);
    } else if (action instanceof LogAction log) {
      Element element = document.scxml("log");
      element.setAttribute("label", LogAction.LOGGER);
      element.setAttribute("expr", json(log.message()));
      parent.appendChild(element);
    } else if (action instanceof AssignAction assign) {
      assign
          .values()
          .forEach(
              (key, value) -> {
                Element element = document.scxml("assign");
                element.setAttribute("location", path("_context", List.of(key)));
                String fromEvent = AssignAction.eventPath(value);
                element.setAttribute(
                    "expr",
                    fromEvent != null
                        ? path("_event.data", List.of(fromEvent.split("\\.")))
                        : json(value));
                parent.appendChild(element);
              });
    } else if (action instanceof SendParentAction send) {
      Element element = document.scxml("send");
      element.setAttribute("event", ScxmlIds.event(send.event()));
      element.setAttribute("target", "#_parent");
      params(element, send.payload());
      parent.appendChild(element);
    } else if (action instanceof EmitAction emit) {
      Element element = document.scxml("send");
      element.setAttribute("event", ScxmlIds.event(emit.event()));
      element.setAttribute("type", ScxmlFormat.EMIT_TYPE);
      element.setAttribute("target", emit.machine() != null ? emit.machine() : emit.instance());
      ScxmlDocument.extension(
          element, "targetKind", emit.machine() != null ? "machine" : "instance");
      ScxmlDocument.extension(element, "mode", emit.async() ? "async" : "sync");
      params(element, emit.payload());
      parent.appendChild(element);
    } else {
      Element code = document.clockwork("action");
      code.setAttribute("code", where);
      parent.appendChild(code);
    }
  }

  /** {@code <param name="key" expr="<JSON>"/>} for each constant. */
  void params(Element parent, Map<String, ?> values) {
    values.forEach(
        (key, value) -> {
          Element param = document.scxml("param");
          param.setAttribute("name", key);
          param.setAttribute("expr", json(value));
          parent.appendChild(param);
        });
  }

  /** The {@code cond} of a branch's guards; a lambda guard is {@code _code("<path>")}. */
  static String cond(List<String> guards, String where) {
    StringBuilder out = new StringBuilder();
    for (String guard : guards) {
      out.append(out.isEmpty() ? "" : " && ");
      if (guard.equals("<lambda>")) {
        out.append("_code(").append(json(where)).append(")");
      } else if (IDENTIFIER.matcher(guard).matches()) {
        out.append(guard).append("()");
      } else {
        out.append("_guard(").append(json(guard)).append(")");
      }
    }
    return out.toString();
  }

  /** An ECMAScript member path: {@code base.key}, or {@code base["odd key"]}. */
  static String path(String base, List<String> parts) {
    StringBuilder out = new StringBuilder(base);
    for (String part : parts) {
      if (IDENTIFIER.matcher(part).matches()) {
        out.append('.').append(part);
      } else {
        out.append('[').append(json(part)).append(']');
      }
    }
    return out.toString();
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("not a JSON value: " + value, e);
    }
  }
}
