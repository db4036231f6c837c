package dev.clockwork.server.api.timer;

import dev.clockwork.core.input.InputRules;
import dev.clockwork.runtime.admin.TimerAdmin;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * {@code GET /api/timers?machine=&due_within=PT1H&overdue=true&cursor=&limit=}: armed timers
 * soonest first — all of them, those due within a duration (overdue ones included), or only the
 * overdue ones — a page at a time, ordered by due instant, instance id and timer key; the cursor is
 * the position after the page's last timer.
 */
public final class TimerRoutes implements ApiRoutes {
  private static final int MAX_LIMIT = 500;

  private final ServerContext server;

  public TimerRoutes(ServerContext server) {
    this.server = server;
  }

  /** An armed timer as the API shows it. */
  public record TimerItem(
      String instanceId,
      String machine,
      String key,
      String event,
      String state,
      Instant dueAt,
      int fires,
      boolean overdue) {}

  @Override
  public void register(Router router) {
    router.get("/api/timers", Role.VIEWER, this::list);
  }

  private void list(Context ctx) {
    String machine = machine(ctx);
    int limit = Params.limit(ctx, 100, MAX_LIMIT);
    Duration within = Params.duration(ctx, "due_within", null);
    if (within != null) {
      Bodies.bounded("due_within", within);
    }
    boolean overdueOnly = flag(ctx, "overdue");
    TimerPosition after = after(ctx);
    TimerAdmin timers = server.namespace(ctx).timers();
    List<TimerView> found =
        overdueOnly
            ? timers.overdue(machine, after, limit + 1)
            : within != null
                ? timers.dueWithin(machine, within, after, limit + 1)
                : timers.armed(machine, null, after, limit + 1);
    List<TimerItem> items =
        found.stream()
            .map(
                t ->
                    new TimerItem(
                        NamespacedIds.idOf(t.instanceId()),
                        t.machine(),
                        t.key(),
                        t.event(),
                        t.state(),
                        t.due(),
                        t.fires(),
                        timers.isOverdue(t)))
            .toList();
    ctx.json(Page.of(items, limit, TimerRoutes::cursor));
  }

  /** The cursor after {@code item}: its due instant, instance id and key, a line each. */
  private static String cursor(TimerItem item) {
    return Cursor.encode(item.dueAt() + "\n" + item.instanceId() + "\n" + item.key());
  }

  private static TimerPosition after(Context ctx) {
    String position = Cursor.decode(ctx.queryParam("cursor"));
    if (position == null) {
      return null;
    }
    String[] parts = position.split("\n", 3);
    try {
      if (parts.length == 3 && InputRules.controlCharAt(parts[1]) < 0) {
        return new TimerPosition(Instant.parse(parts[0]), parts[1], parts[2]);
      }
    } catch (DateTimeParseException e) {
      // the error below
    }
    throw ProblemException.badRequest(
        "cursor=" + ctx.queryParam("cursor") + " is not a cursor of /api/timers");
  }

  private String machine(Context ctx) {
    String machine = ctx.queryParam("machine");
    if (machine == null || machine.isBlank()) {
      return null;
    }
    String name = machine.trim().startsWith("@") ? machine.trim().substring(1) : machine.trim();
    server.engine().machines().latest(name); // a 404 naming the registered machines when unknown
    return name;
  }

  private static boolean flag(Context ctx, String name) {
    String text = ctx.queryParam(name);
    if (text == null || text.isBlank() || text.equalsIgnoreCase("false")) {
      return false;
    }
    if (text.equalsIgnoreCase("true")) {
      return true;
    }
    throw ProblemException.badRequest(name + "=" + text + " is not allowed: give true or false");
  }
}
