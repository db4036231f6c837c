package dev.clockwork.server.api.instance;

import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.List;

/**
 * The filters of {@code GET /api/instances}: {@code machine}, {@code state} (a dotted path, active
 * with its ancestors), {@code conversation}, and {@code label=key:value} (repeatable: every label
 * must match). Each is answered through an index.
 */
final class InstanceFilters {
  private InstanceFilters() {}

  static InstanceQuery.Builder of(Context ctx, List<String> machines) {
    InstanceQuery.Builder query = InstanceQuery.builder();
    String machine = param(ctx, "machine");
    if (machine != null) {
      if (!machines.contains(machine)) {
        throw ProblemException.badRequest(
            "machine=" + machine + " is not a registered machine; the machines are " + machines);
      }
      query.machine(machine);
    }
    query.state(param(ctx, "state"));
    query.conversation(param(ctx, "conversation"));
    for (String label : ctx.queryParams("label")) {
      int colon = label.indexOf(':');
      if (colon < 1 || colon == label.length() - 1) {
        throw ProblemException.badRequest(
            "label="
                + label
                + " is not a label filter: write label=key:value, such as team:billing");
      }
      query.label(label.substring(0, colon), label.substring(colon + 1));
    }
    return query;
  }

  private static String param(Context ctx, String name) {
    String value = ctx.queryParam(name);
    return value == null || value.isBlank() ? null : value.trim();
  }
}
