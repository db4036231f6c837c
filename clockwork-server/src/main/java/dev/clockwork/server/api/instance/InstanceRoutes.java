package dev.clockwork.server.api.instance;

import dev.clockwork.core.behavior.BusinessFailure;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.error.CreationFailedException;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.api.instance.InstanceViews.InstanceSummary;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.Paths;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code POST /api/instances} (create), {@code GET /api/instances} (filtered, a page at a time),
 * {@code GET /api/instances/{id}} and its {@code /diagram}, and {@code GET /api/conversations/{id}}
 * (the instances of a conversation). Lists are read through the store's indexes, a page at a time
 * in id order.
 */
public final class InstanceRoutes implements ApiRoutes {
  private final ServerContext server;
  private final Engine engine;

  public InstanceRoutes(ServerContext server) {
    this.server = server;
    this.engine = server.engine();
  }

  @Override
  public void register(Router router) {
    router.post("/api/instances", Role.OPERATOR, this::create);
    router.get("/api/instances", Role.VIEWER, this::list);
    router.get("/api/instances/{id}", Role.VIEWER, this::get);
    router.get("/api/instances/{id}/diagram", Role.VIEWER, this::diagram);
    router.get("/api/conversations/{id}", Role.VIEWER, this::conversation);
  }

  private void create(Context ctx) {
    CreateInstanceRequest request = CreateInstanceRequest.read(ctx, server.json());
    Namespace tenant = server.namespace(ctx);
    Instance created;
    try {
      created = tenant.create(request.newInstance());
    } catch (UnknownMachineException e) {
      throw ProblemException.badRequest(e.getMessage());
    } catch (DuplicateInstanceException e) {
      throw ProblemException.conflict(
          "instance '" + request.id() + "' exists already; choose another id or leave it out");
    } catch (CreationFailedException e) {
      throw ProblemException.unprocessable(e.getMessage(), CreationFailures.of(e));
    } catch (BusinessFailure e) {
      throw ProblemException.unprocessable(e.getMessage());
    }
    Audit.record(
        tenant,
        ctx,
        "instance.create",
        "instance:" + created.id(),
        Map.of("machine", created.machine()));
    ctx.status(201).header("Location", "/api/instances/" + Paths.segment(created.id()));
    ctx.json(view(tenant, created));
  }

  private void list(Context ctx) {
    int limit = Params.limit(ctx, 50, 500);
    InstanceQuery query =
        InstanceFilters.of(ctx, machines()).after(Cursor.decode(ctx.queryParam("cursor"))).build();
    ctx.json(page(server.namespace(ctx), query, limit));
  }

  /** The machines a filter may name: those this node runs and those deployed by any node. */
  private List<String> machines() {
    TreeSet<String> machines = new TreeSet<>(engine.machines().ids());
    machines.addAll(engine.machines().deployedIds());
    return List.copyOf(machines);
  }

  private void get(Context ctx) {
    Namespace tenant = server.namespace(ctx);
    Instance instance = tenant.instances().get(ctx.pathParam("id"));
    ctx.json(view(tenant, instance));
  }

  private void diagram(Context ctx) {
    Instance instance = server.namespace(ctx).instances().get(ctx.pathParam("id"));
    // the instance's own version, even one this node only shows (deployed by a node with its code)
    MachineDefinition machine = engine.machines().shown(instance.machine(), instance.version());
    Set<String> active = new HashSet<>();
    for (String leaf : instance.states()) {
      for (int dot = leaf.indexOf('.'); dot > 0; dot = leaf.indexOf('.', dot + 1)) {
        active.add(leaf.substring(0, dot));
      }
      active.add(leaf);
    }
    ctx.contentType("text/vnd.mermaid; charset=utf-8");
    ctx.result(MermaidDiagram.of(machine, active));
  }

  private void conversation(Context ctx) {
    String conversation = ctx.pathParam("id");
    int limit = Params.limit(ctx, 100, 500);
    InstanceQuery query =
        InstanceQuery.builder()
            .conversation(conversation)
            .after(Cursor.decode(ctx.queryParam("cursor")))
            .build();
    Page<InstanceSummary> page = page(server.namespace(ctx), query, limit);
    if (page.items().isEmpty() && query.afterId() == null) {
      throw ProblemException.notFound("no instance belongs to conversation '" + conversation + "'");
    }
    ctx.json(page);
  }

  private InstanceViews.InstanceView view(Namespace tenant, Instance instance) {
    return InstanceViews.view(
        instance,
        children(tenant, instance),
        tenant.instances().pendingEvents(instance.id()),
        acceptedEvents(instance));
  }

  /**
   * The events {@code instance}'s active states accept, read from its own version (run here or only
   * deployed); none when this node knows neither.
   */
  private List<String> acceptedEvents(Instance instance) {
    try {
      return engine
          .machines()
          .shown(instance.machine(), instance.version())
          .acceptedEvents(instance.states());
    } catch (UnknownMachineException e) {
      return List.of();
    }
  }

  /** A page of {@code query}'s instances: read with one more than {@code limit}. */
  private static Page<InstanceSummary> page(Namespace tenant, InstanceQuery query, int limit) {
    InstanceQuery paged =
        new InstanceQuery(
            query.machine(),
            query.labels(),
            query.searchAttributes(),
            query.afterId(),
            limit + 1,
            query.state(),
            query.conversationId(),
            query.namespace());
    List<InstanceSummary> fetched =
        tenant.instances().list(paged).stream().map(InstanceViews::summary).toList();
    return Page.of(fetched, limit, last -> Cursor.encode(last.id()));
  }

  /**
   * The direct children of {@code parent}: their ids ({@code <parent>/<state>#<entry>}) follow the
   * parent's in id order, within its conversation, so one indexed page finds them.
   */
  private static List<Instance> children(Namespace tenant, Instance parent) {
    String prefix = parent.id() + "/";
    InstanceQuery query =
        InstanceQuery.builder()
            .conversation(parent.conversationId())
            .after(prefix)
            .limit(InstanceQuery.MAX_LIMIT)
            .build();
    return tenant.instances().list(query).stream()
        .takeWhile(child -> child.id().startsWith(prefix))
        .filter(child -> child.id().indexOf('/', prefix.length()) < 0)
        .toList();
  }
}
