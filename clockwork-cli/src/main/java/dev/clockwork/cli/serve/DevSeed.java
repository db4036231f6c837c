package dev.clockwork.cli.serve;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.OverlapPolicy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code clockwork dev} puts in an empty database so the dashboard has something to show and
 * the README's examples run against it as written: orders in different states under the ids the
 * README's timer commands name (two waiting on their 7-day expiry timer), a subscription with its
 * billing timer, a payment retrying on a timer, a fulfilment, a schedule starting a fulfilment
 * every minute — a run that finishes as it starts, so the next minute starts the next one (a run
 * that stayed active would make the schedule skip every later minute) — and the README's two
 * schedules ({@code daily-invoice-sync}, {@code health-check-30m}). Only the example machines that
 * are registered are used; nothing happens on later starts.
 */
final class DevSeed {
  static final String SCHEDULE_ID = "dev-fulfilment-every-minute";

  /** The seeded orders by id, each with the events that bring it to its state. */
  static final Map<String, List<String>> ORDERS = orders();

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
    for (Map.Entry<String, List<String>> order : ORDERS.entrySet()) {
      Instance instance = engine.create(NewInstance.of("order").id(order.getKey()));
      for (String event : order.getValue()) {
        engine.enqueue(instance.id(), Event.of(event));
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
    if (machines.contains("invoice-sync") && machines.contains("health-check")) {
      seedReadmeSchedules(schedules);
    }
    return created;
  }

  /** The README's schedules example ({@code ScheduleQuickstart}), which its CLI examples name. */
  private static void seedReadmeSchedules(Schedules schedules) {
    schedules.create(
        ScheduleRequest.builder("daily-invoice-sync")
            .startMachine("invoice-sync", Map.of("mode", "nightly"))
            .cron("0 2 * * *")
            .timezone("America/New_York")
            .overlapPolicy(OverlapPolicy.SKIP)
            .labels(Map.of("team", "billing"))
            .notes("Runs every night at 2 AM ET.")
            .build());
    schedules.createFromSpec(
        "health-check-30m",
        Map.of("intervals", List.of(Map.of("every", "PT30M"))),
        Map.of("machine", "health-check", "input", Map.of("region", "us-east-1")));
  }

  private static Map<String, List<String>> orders() {
    Map<String, List<String>> orders = new LinkedHashMap<>();
    orders.put("order-new", List.of());
    orders.put("order-unpaid", List.of("SUBMIT"));
    orders.put("order-unpaid-2", List.of("SUBMIT"));
    orders.put("order-paid", List.of("SUBMIT", "PAY"));
    orders.put("order-shipped", List.of("SUBMIT", "PAY", "SHIP"));
    return Collections.unmodifiableMap(orders);
  }

  private static InstanceQuery anyInstance() {
    return InstanceQuery.builder().limit(1).build();
  }
}
