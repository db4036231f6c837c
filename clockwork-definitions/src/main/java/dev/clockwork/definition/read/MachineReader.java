package dev.clockwork.definition.read;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.time.Duration;
import java.util.Map;

/**
 * Reads the root of a definition file — the machine — into the core's {@link MachineBuilder} and
 * builds it, so the core checks it as it checks a machine written in Java; the builder's errors are
 * located at the text of the path they name.
 */
public final class MachineReader {
  private MachineReader() {}

  /**
   * The machine {@code root} describes, its named behaviours resolved in {@code behaviors}.
   *
   * @throws TreeProblem for any mistake, located in the text
   */
  public static MachineDefinition read(SourceNode root, Behaviors behaviors) {
    MapNode machine = Fields.map(root, "", "id: order\ninitial: awaiting_payment\nstates: {…}");
    SourceNode.Entry id = machine.entries().get("id");
    if (id == null) {
      throw new TreeProblem(
          machine.location(), "", "the machine has no 'id'; add one, e.g. 'id: order'");
    }
    String name = Fields.text(id.value(), "id", "id: order");
    MachineBuilder builder = Guarded.at(id.value(), "id", () -> Machine.define(name));
    builder.behaviors(behaviors);
    Located located = new Located();
    located.put(name, machine.location());
    settings(machine.entries(), builder, behaviors, name);
    new StateReader(located).read(machine, builder, name, FormatKeys.MACHINE_ONLY);
    try {
      return builder.build();
    } catch (InvalidDefinitionException e) {
      throw new TreeProblem(located.of(e.path()), e.path(), e.problem());
    }
  }

  private static void settings(
      Map<String, SourceNode.Entry> keys,
      MachineBuilder builder,
      Behaviors behaviors,
      String path) {
    if (keys.containsKey("version")) {
      builder.version(Fields.whole(keys.get("version").value(), path, "version: 2"));
    }
    if (keys.containsKey("zone")) {
      builder.zone(TimerReader.zone(keys.get("zone").value(), path));
    }
    if (keys.containsKey("context")) {
      SourceNode context = keys.get("context").value();
      Map<?, ?> initial = (Map<?, ?>) Plain.of(Fields.map(context, path, "context: {paid: false}"));
      Guarded.run(context, path, () -> builder.context(cast(initial)));
    }
    if (keys.containsKey("maxTransitionDepth")) {
      builder.maxTransitionDepth(
          Fields.whole(keys.get("maxTransitionDepth").value(), path, "maxTransitionDepth: 50"));
    }
    if (keys.containsKey("overdue")) {
      SourceNode node = keys.get("overdue").value();
      OverduePolicy policy = TimerReader.overdue(node, path + ".overdue");
      builder.overdue(policy);
    }
    if (keys.containsKey("overdueAfter")) {
      SourceNode node = keys.get("overdueAfter").value();
      Duration grace = TimerReader.grace(node, path + ".overdueAfter");
      Guarded.run(node, path + ".overdueAfter", () -> builder.overdueAfter(grace));
    }
    if (keys.containsKey("startOn")) {
      SourceNode node = keys.get("startOn").value();
      String where = path + ".startOn";
      for (String timer : Fields.texts(node, where, "startOn: ['0 9 * * MON-FRI']")) {
        Guarded.run(node, where, () -> builder.startOn(timer));
      }
    }
    if (keys.containsKey("requires")) {
      SourceNode node = keys.get("requires").value();
      String where = path + ".requires";
      for (String name : Fields.texts(node, where, "requires: ['code:order.validate']")) {
        if (!resolves(name, behaviors)) {
          throw new TreeProblem(
              node.location(),
              where,
              "the machine needs '"
                  + name
                  + "', which is not registered here"
                  + (name.startsWith("code:")
                      ? ": it was deployed from Java code; run it on a node that registers the"
                          + " machine in code"
                      : "; register it with Behaviors.builder()"));
        }
      }
    }
  }

  private static boolean resolves(String name, Behaviors behaviors) {
    return behaviors.guard(name).isPresent()
        || behaviors.action(name).isPresent()
        || behaviors.timerValue(name).isPresent();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> cast(Map<?, ?> map) {
    return (Map<String, ?>) map;
  }
}
