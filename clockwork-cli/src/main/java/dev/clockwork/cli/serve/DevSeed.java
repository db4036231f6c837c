package dev.clockwork.cli.serve;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.Schedules;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code clockwork dev} puts in an empty database so the dashboard has something to show: a
 * few orders in different states (one waiting on its 7-day expiry timer), a subscription with its
 * billing timer, a payment retrying on a timer, a fulfilment, and a schedule starting a fulfilment
 * every minute — a run that finishes as it starts, so the next minute starts the next one (a run
 * that stayed active would make the schedule skip every later minute). Only the example machines
 * that are registered are used; nothing happens on later starts.
 */
final class DevSeed {
  static final String SCHEDULE_ID = "dev-fulfilment-every-minute";

  /** The input of every fulfilment the schedule starts: what its two regions need. */
  static final Map<String, Object> SCHEDULED_FULFILMENT =
      Map.of("order_id", "scheduled-order", "amount_cents", 1999);

  private DevSeed() {}

  /** Seeds when no instance exists yet; returns how many instances were created. */
  static int seedIfEmpty(Engine engine, Schedules schedules) {
    Set<String> machines = Set.copyOf(engine.machines().ids());
    if (!machines.contains("order") || !engine.instances().list(anyInstance()).isEmpty()) {
      return 0;
    }
    int created = 0;
    for (String step : List.of("", "SUBMIT", "SUBMIT PAY", "SUBMIT PAY SHIP")) {
      Instance order = engine.create("order");
      for (String event : step.isEmpty() ? new String[0] : step.split(" ")) {
        engine.enqueue(order.id(), Event.of(event));
      }
      created++;
    }
    Map<String, Map<String, Object>> others =
        Map.of(
            "subscription", Map.of(),
            "payment", Map.of(),
            "fulfilment", Map.of("order_id", "dev-order", "amount_cents", 4200));
    for (Map.Entry<String, Map<String, Object>> other : others.entrySet()) {
      if (machines.contains(other.getKey())) {
        engine.create(NewInstance.of(other.getKey()).input(other.getValue()));
        created++;
      }
    }
    if (machines.contains("fulfilment")) {
      schedules.createFromSpec(
          SCHEDULE_ID,
          Map.of("intervals", List.of(Map.of("every", "PT1M"))),
          Map.of("machine", "fulfilment", "input", SCHEDULED_FULFILMENT));
    }
    return created;
  }

  private static InstanceQuery anyInstance() {
    return InstanceQuery.builder().limit(1).build();
  }
}
