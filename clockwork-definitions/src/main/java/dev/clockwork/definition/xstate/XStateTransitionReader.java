package dev.clockwork.definition.xstate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.definition.BranchBuilder;
import dev.clockwork.core.definition.TransitionBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads an XState transition: a target string, an object ({@code target}, {@code guard}, {@code
 * actions}) or an array of those, the first whose guard passes being taken.
 */
final class XStateTransitionReader {
  private static final Set<String> KEYS =
      Set.of("target", "guard", "actions", "description", "reenter");

  private final XStateIds ids;

  XStateTransitionReader(XStateIds ids) {
    this.ids = ids;
  }

  void read(JsonNode node, TransitionBuilder t, String from, String where) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        JsonNode item = node.get(i);
        String at = where + "[" + i + "]";
        t.branch(b -> branch(item, b, from, at));
      }
    } else {
      branch(node, t, from, where);
    }
  }

  private void branch(JsonNode node, BranchBuilder<?> b, String from, String where) {
    if (node.isTextual()) {
      b.to(ids.resolve(node.asText(), from, where));
      return;
    }
    if (!node.isObject()) {
      throw new XStateProblem(
          where, "a transition is a target, an object or an array, e.g. {\"target\": \"b\"}");
    }
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KEYS.contains(key)) {
        throw new XStateProblem(
            where + "." + key, "'" + key + "' is not imported; a transition takes " + KEYS);
      }
    }
    JsonNode target = node.get("target");
    if (target != null) {
      List<String> targets = new ArrayList<>();
      if (target.isArray()) {
        for (int i = 0; i < target.size(); i++) {
          String at = where + ".target[" + i + "]";
          targets.add(ids.resolve(XStateStateReader.text(target.get(i), at, "\"b\""), from, at));
        }
      } else {
        String at = where + ".target";
        targets.add(ids.resolve(XStateStateReader.text(target, at, "\"b\""), from, at));
      }
      b.to(targets.toArray(new String[0]));
      reenter(node.get("reenter"), targets, from, where);
    } else if (node.has("reenter")) {
      throw new XStateProblem(
          where + ".reenter", "'reenter' needs a target; drop it from a targetless transition");
    }
    JsonNode guard = node.get("guard");
    if (guard != null) {
      b.guard(XStateBehaviours.name(guard, where + ".guard", "guard"));
    }
    XStateBehaviours.actions(node.get("actions"), where + ".actions", b::action);
  }

  /**
   * Clockwork re-enters the source of a self-transition and no other: {@code reenter: true} is
   * taken on a transition to its own source, {@code reenter: false} (XState's default) on any
   * other.
   */
  private static void reenter(JsonNode reenter, List<String> targets, String from, String where) {
    boolean self = targets.size() == 1 && targets.get(0).equals(from);
    if (reenter == null) {
      return;
    }
    if (!reenter.isBoolean()) {
      throw new XStateProblem(where + ".reenter", "must be true or false");
    }
    if (reenter.asBoolean() != self) {
      throw new XStateProblem(
          where + ".reenter",
          self
              ? "Clockwork always re-enters the source of a self-transition, so 'reenter: false'"
                  + " is not imported; drop the target to make the transition targetless"
              : "Clockwork re-enters only the source of a self-transition, so 'reenter: true' is"
                  + " not imported here; drop it or model the re-entry as a transition through a"
                  + " transient state");
    }
  }
}
