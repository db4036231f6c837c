package dev.clockwork.server.api.machine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.runtime.Machines;
import dev.clockwork.runtime.health.VersionProblem;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET /api/machines/{machine}/versions} (every deployed version, newest first), {@code GET
 * /api/machines/{machine}/versions/{version}} (its document, digest and diagram) and {@code GET
 * /api/machines/{machine}/diff?from=1&to=2} (the unified diff of two versions rendered as YAML).
 * Any version deployed on the database is shown, whether or not this node runs it.
 */
public final class MachineVersionRoutes implements ApiRoutes {
  private final ServerContext server;

  public MachineVersionRoutes(ServerContext server) {
    this.server = server;
  }

  /** A deployed version in a list; {@code problem} says why this node does not run it, if so. */
  public record VersionSummary(
      String machine, int version, String digest, Instant deployedAt, String problem) {}

  /** One deployed version with its document (JSON) and its Mermaid diagram. */
  public record VersionView(
      String machine,
      int version,
      String digest,
      Instant deployedAt,
      String problem,
      JsonNode document,
      String diagram) {}

  @Override
  public void register(Router router) {
    router.get("/api/machines/{machine}/versions", Role.VIEWER, this::versions);
    router.get("/api/machines/{machine}/versions/{version}", Role.VIEWER, this::version);
    router.get("/api/machines/{machine}/diff", Role.VIEWER, this::diff);
  }

  private Machines machines() {
    return server.engine().machines();
  }

  private void versions(Context ctx) {
    String machine = ctx.pathParam("machine");
    List<StoredDefinition> deployed = deployedOrKnown(machine);
    List<VersionProblem> problems = machines().problems();
    ctx.json(deployed.stream().map(version -> summary(version, problems)).toList());
  }

  private void version(Context ctx) {
    String machine = ctx.pathParam("machine");
    StoredDefinition version = find(machine, number(ctx.pathParam("version"), "version"));
    VersionSummary summary = summary(version, machines().problems());
    ctx.json(
        new VersionView(
            summary.machine(),
            summary.version(),
            summary.digest(),
            summary.deployedAt(),
            summary.problem(),
            DeployedDocuments.tree(version),
            MermaidDiagram.of(machines().shown(machine, version.version()))));
  }

  private void diff(Context ctx) {
    String machine = ctx.pathParam("machine");
    StoredDefinition from = find(machine, required(ctx, "from"));
    StoredDefinition to = find(machine, required(ctx, "to"));
    ctx.contentType("text/x-diff; charset=utf-8");
    ctx.result(DeployedDocuments.diff(from, to));
  }

  /**
   * The deployed versions of {@code machine}; none for a machine this node runs that was not
   * deployed yet, a 404 naming the machines for one that is neither.
   */
  private List<StoredDefinition> deployedOrKnown(String machine) {
    List<StoredDefinition> deployed = machines().deployed(machine);
    if (deployed.isEmpty() && !machines().ids().contains(machine)) {
      throw ProblemException.notFound(
          "no version of machine '"
              + machine
              + "' is deployed; deployed: "
              + machines().deployedIds()
              + ", run here: "
              + machines().ids());
    }
    return deployed;
  }

  private StoredDefinition find(String machine, int number) {
    List<StoredDefinition> deployed = deployedOrKnown(machine);
    return deployed.stream()
        .filter(version -> version.version() == number)
        .findFirst()
        .orElseThrow(
            () ->
                ProblemException.notFound(
                    "version "
                        + number
                        + " of machine '"
                        + machine
                        + "' is not deployed; its versions: "
                        + deployed.stream().map(StoredDefinition::version).toList()));
  }

  private static VersionSummary summary(StoredDefinition version, List<VersionProblem> problems) {
    String problem =
        problems.stream()
            .filter(p -> p.machine().equals(version.machine()) && p.version() == version.version())
            .map(VersionProblem::problem)
            .findFirst()
            .orElse(null);
    return new VersionSummary(
        version.machine(), version.version(), version.digest(), version.deployedAt(), problem);
  }

  private static int required(Context ctx, String name) {
    String text = ctx.queryParam(name);
    if (text == null || text.isBlank()) {
      throw ProblemException.badRequest(
          name + " is required: give two versions, such as ?from=1&to=2");
    }
    return number(text, name);
  }

  private static int number(String text, String name) {
    try {
      int number = Integer.parseInt(text.trim());
      if (number >= 1) {
        return number;
      }
    } catch (NumberFormatException e) {
      // the error below
    }
    throw ProblemException.badRequest(
        name + "=" + text + " is not a version: give a whole number from 1, such as 2");
  }
}
