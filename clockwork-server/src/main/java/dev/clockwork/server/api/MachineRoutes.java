package dev.clockwork.server.api;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.server.access.Role;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code GET /api/machines} (every registered machine), {@code GET /api/machines/{machine}} (its
 * version, states and events) and {@code GET /api/machines/{machine}/diagram} (Mermaid text).
 */
public final class MachineRoutes implements ApiRoutes {
  private final ServerContext server;

  public MachineRoutes(ServerContext server) {
    this.server = server;
  }

  /** A machine as the API lists it. */
  public record MachineView(
      String id, int version, String zone, List<String> events, List<StateView> states) {}

  /** One state of a machine: its path, kind and whether it has a timer. */
  public record StateView(String path, String kind, boolean timed) {}

  @Override
  public void register(Router router) {
    router.get("/api/machines", Role.VIEWER, this::list);
    router.get("/api/machines/{machine}", Role.VIEWER, this::get);
    router.get("/api/machines/{machine}/diagram", Role.VIEWER, this::diagram);
  }

  private void list(Context ctx) {
    List<MachineView> machines = new ArrayList<>();
    for (String id : server.engine().machines().ids()) {
      machines.add(view(server.engine().machines().latest(id)));
    }
    ctx.json(machines);
  }

  private void get(Context ctx) {
    ctx.json(view(server.engine().machines().latest(ctx.pathParam("machine"))));
  }

  private void diagram(Context ctx) {
    ctx.contentType("text/vnd.mermaid; charset=utf-8");
    ctx.result(MermaidDiagram.of(server.engine().machines().latest(ctx.pathParam("machine"))));
  }

  static MachineView view(MachineDefinition machine) {
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
    return new MachineView(
        machine.id(), machine.version(), machine.zone().getId(), machine.events(), states);
  }
}
