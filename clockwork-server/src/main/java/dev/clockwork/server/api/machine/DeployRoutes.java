package dev.clockwork.server.api.machine;

import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.definition.DefinitionConflictException;
import dev.clockwork.runtime.store.definition.StoredDefinition;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Paths;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /api/machines} (admin, every namespace): deploys a machine written as data — the body
 * is its YAML or JSON text. 201 with the new version's {@code Location}; 200 when that version was
 * deployed already with the same document; 409 when it was deployed with another (a changed machine
 * needs a new {@code version}); 400 naming the line and path of a mistake in the text.
 */
public final class DeployRoutes implements ApiRoutes {
  /** The content types the body may have. */
  static final List<String> TYPES =
      List.of(
          "application/yaml", "application/x-yaml", "text/yaml", "application/json", "text/plain");

  /** What errors call the body. */
  static final String SOURCE = "body";

  private final Engine engine;

  public DeployRoutes(ServerContext server) {
    this.engine = server.engine();
  }

  /** What a deploy answers: the version as stored, and whether this request stored it. */
  public record Deployed(
      String machine, int version, String digest, String deployedAt, boolean created) {}

  @Override
  public void register(Router router) {
    router.post(
        "/api/machines",
        Role.ADMIN,
        Namespaces.everyNamespace("deploying a machine (every namespace runs it)", this::deploy));
  }

  private void deploy(Context ctx) {
    String type = ctx.contentType();
    String base = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!TYPES.contains(base)) {
      throw new ProblemException(
          415,
          "unsupported-media-type",
          "send the machine's YAML or JSON text with Content-Type "
              + String.join(", ", TYPES)
              + (type == null ? "" : ", not " + type));
    }
    String text = ctx.body();
    if (text.isBlank()) {
      throw ProblemException.badRequest(
          "the body is empty: send the machine's YAML or JSON text, such as id: order, version: 2,"
              + " initial: … and states: …");
    }
    boolean existed = DeployedDocuments.isDeployed(engine.machines(), text);
    StoredDefinition stored;
    try {
      stored = engine.machines().deploy(SOURCE, text);
    } catch (DefinitionFormatException e) {
      throw ProblemException.badRequest(e.getMessage());
    } catch (DefinitionConflictException e) {
      throw ProblemException.conflict(e.getMessage());
    }
    Audit.record(
        engine,
        ctx,
        "machine.deploy",
        "machine:" + stored.machine(),
        Map.of(
            "version", stored.version(),
            "digest", stored.digest(),
            "outcome", existed ? "unchanged" : "deployed"));
    Deployed answer =
        new Deployed(
            stored.machine(),
            stored.version(),
            stored.digest(),
            stored.deployedAt().toString(),
            !existed);
    if (!existed) {
      ctx.status(201)
          .header(
              "Location",
              "/api/machines/" + Paths.segment(stored.machine()) + "/versions/" + stored.version());
    }
    ctx.json(answer);
  }
}
