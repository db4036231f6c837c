package dev.clockwork.examples.queues;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The README's routing example: a schedule whose runs are served by the node that serves its queue,
 * a machine with a default queue from {@code clockwork.yaml}, and instances found by label and
 * search attribute.
 */
public final class QueueRouting {
  private QueueRouting() {}

  // snippet:start queue-routing-config
  static final String CLOCKWORK_YAML =
      """
      queue:
        name: default        # the queue of every machine's instances, unless routed elsewhere
      machines:
        report:
          queue:
            name: reports    # report instances run on the nodes that serve "reports"
      """;

  // snippet:end queue-routing-config

  /** What the example saw: who ran what, and what the queries found. */
  public record Outcome(
      String run,
      int processedByGeneral,
      int processedByUrgent,
      List<Instance> billing,
      List<Instance> tenant42) {}

  static MachineDefinition job(String id) {
    return Machine.define(id)
        .initial("running")
        .state("running", s -> s.on("FINISH", "done"))
        .finalState("done")
        .build();
  }

  /** Runs the snippet. */
  public static Outcome run(Clock clock) {
    MachineDefinition invoiceSync = job("invoice-sync");
    MachineDefinition report = job("report");
    // snippet:start queue-routing
    Store store = new InMemoryStore(); // every node shares one: PostgresStore.on(dataSource)
    Settings config = Settings.parse(CLOCKWORK_YAML, "clockwork.yaml");
    Engine urgent = // a node that serves the high-priority queue only
        Engine.builder()
            .store(store)
            .clock(clock)
            .config(config)
            .register(invoiceSync, report)
            .settings(s -> s.workers(w -> w.queues("high-priority")))
            .build();
    Engine general = // a node for the rest
        Engine.builder()
            .store(store)
            .clock(clock)
            .config(config)
            .register(invoiceSync, report)
            .settings(s -> s.workers(w -> w.queues("default", "reports")))
            .build();
    Schedules schedules = Schedules.builder(general).build();
    schedules.create(
        ScheduleRequest.builder("priority-sync")
            .startMachine("invoice-sync", Map.of())
            .cron("0 * * * *")
            .queue("high-priority") // wins over the machine's default queue and the system's
            .labels(Map.of("team", "billing"))
            .searchAttributes(Map.of("tenant_id", 42))
            .memo(Map.of("requested_by", "ops"))
            .build());
    String run = schedules.trigger("priority-sync"); // as the hourly tick would
    general.create(NewInstance.of("report").id("report-7").label("team", "billing"));
    general.enqueue(run, Event.of("FINISH"));
    int byGeneral = general.runDue(); // 0: general does not serve high-priority
    int byUrgent = urgent.runDue(); // 1: the run finishes on urgent

    List<Instance> billing = // [report-7 (queue "reports"), the run], sorted by id
        general.instances().list(InstanceQuery.builder().label("team", "billing").build());
    List<Instance> tenant42 = // [the run]; its memo() is {requested_by=ops}
        general
            .instances()
            .list(
                InstanceQuery.builder()
                    .machine("invoice-sync")
                    .searchAttribute("tenant_id", 42)
                    .build());
    // snippet:end queue-routing
    return new Outcome(run, byGeneral, byUrgent, billing, tenant42);
  }
}
