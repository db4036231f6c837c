package dev.clockwork.server.api;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.runtime.Machines;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.access.Role;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * {@code GET /api/machines} (every machine this node runs or the database has a deployed version
 * of), {@code GET /api/machines/{machine}} (its newest version, states and events) and {@code GET
 * /api/machines/{machine}/diagram} (Mermaid text). A machine deployed elsewhere whose behaviours
 * this node lacks is shown, with {@code runs: false} and the reason under {@code problems}.
 */
public final class MachineRoutes implements ApiRoutes {
  private final ServerContext server;

  public MachineRoutes(ServerContext server) {
    this.server = server;
  }

  /**
   * A machine as the API lists it: its newest version's shape, whether this node runs it, its
   * deployed versions (newest first) and the deployed versions this node does not run as deployed.
   */
  public record MachineView(
      String id,
      int version,
      String zone,
      List<String> events,
      List<StateView> states,
      boolean runs,
      List<Integer> versions,
      List<ProblemView> problems) {}

  /** One state of a machine: its path, kind and whether it has a timer. */
  public record StateView(String path, String kind, boolean timed) {}

  /** A deployed version this node does not run as deployed, and why. */
  public record ProblemView(int version, String problem) {}

  @Override
  public void register(Router router) {
    router.get("/api/machines", Role.VIEWER, this::list);
    router.get("/api/machines/{machine}", Role.VIEWER, this::get);
    router.get("/api/machines/{machine}/diagram", Role.VIEWER, this::diagram);
  }

  private Machines machines() {
    return server.engine().machines();
  }

  private void list(Context ctx) {
    TreeSet<String> ids = new TreeSet<>(machines().ids());
    ids.addAll(machines().deployedIds());
    List<VersionProblem> problems = machines().problems();
    List<MachineView> views = new ArrayList<>();
    for (String id : ids) {
      views.add(view(id, problems));
    }
    ctx.json(views);
  }

  private void get(Context ctx) {
    ctx.json(view(ctx.pathParam("machine"), machines().problems()));
  }

  private void diagram(Context ctx) {
    ctx.contentType("text/vnd.mermaid; charset=utf-8");
    ctx.result(MermaidDiagram.of(newest(ctx.pathParam("machine"))));
  }

  /**
   * The newest version of {@code id} this node can show: the one it runs, else the newest deployed
   * one (read with stand-ins for the behaviours this node lacks). A 404 naming the machines when
   * neither.
   */
  private MachineDefinition newest(String id) {
    List<StoredDefinition> deployed = machines().deployed(id);
    MachineDefinition run = machines().ids().contains(id) ? machines().latest(id) : null;
    if (!deployed.isEmpty() && (run == null || deployed.get(0).version() > run.version())) {
      return machines().shown(id, deployed.get(0).version());
    }
    return run != null ? run : machines().latest(id); // the latter throws, naming the machines
  }

  private MachineView view(String id, List<VersionProblem> problems) {
    MachineDefinition machine = newest(id);
    List<StateView> states = new ArrayList<>();
    for (StateNode state : machine.states()) {
      if (state != machine.root()) {
        states.add(
            new StateView(
                state.path(),
                state.kind().name().toLowerCase(Locale.ROOT),
                state.timedCount() > 0));
      }
    }
    List<ProblemView> own =
        problems.stream()
            .filter(problem -> problem.machine().equals(id))
            .map(problem -> new ProblemView(problem.version(), problem.problem()))
            .toList();
    boolean runs =
        machines().ids().contains(id) && machines().latest(id).version() >= machine.version();
    return new MachineView(
        machine.id(),
        machine.version(),
        machine.zone().getId(),
        machine.events(),
        states,
        runs,
        machines().deployed(id).stream().map(StoredDefinition::version).toList(),
        own);
  }
}
