package dev.clockwork.examples.schedules;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.OverlapPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/** The README's schedules example: a nightly cron and a 30-minute interval, on PostgreSQL. */
public final class ScheduleQuickstart {
  private ScheduleQuickstart() {}

  /** The machine the nightly schedule starts; {@code clockwork dev} runs it too. */
  public static MachineDefinition invoiceSync() {
    return job("invoice-sync");
  }

  /** The machine the 30-minute schedule starts; {@code clockwork dev} runs it too. */
  public static MachineDefinition healthCheck() {
    return job("health-check");
  }

  /**
   * A job that finishes by itself a few seconds after it starts (or at once on {@code FINISH}), so
   * a schedule's next run is not skipped behind it.
   */
  static MachineDefinition job(String id) {
    return Machine.define(id)
        .initial("running")
        .state(
            "running",
            s -> s.on("FINISH", "done").on("WORK_DONE", t -> t.to("done").after(Timer.seconds(5))))
        .finalState("done")
        .build();
  }

  /** Creates the two schedules and returns the schedules service (workers not started). */
  public static Schedules run(DataSource dataSource, Clock clock) {
    MachineDefinition invoiceSync = invoiceSync();
    MachineDefinition healthCheck = healthCheck();
    // snippet:start schedules
    PostgresStore store = PostgresStore.on(dataSource);
    Engine engine =
        Engine.builder().store(store).clock(clock).register(invoiceSync, healthCheck).build();
    Schedules schedules = Schedules.builder(engine).store(store.schedules()).build();
    schedules.create(
        ScheduleRequest.builder("daily-invoice-sync")
            .startMachine("invoice-sync", Map.of("mode", "nightly"))
            .cron("0 2 * * *") // 5 fields, 6 with seconds, or @daily…
            .timezone("America/New_York") // DST gaps and overlaps follow dst_gap / dst_overlap
            .overlapPolicy(OverlapPolicy.SKIP) // or BUFFER_ONE, BUFFER_ALL, ALLOW_ALL, …
            .labels(Map.of("team", "billing"))
            .notes("Runs every night at 2 AM ET.")
            .build());
    schedules.createFromSpec(
        "health-check-30m",
        Map.of("intervals", List.of(Map.of("every", "PT30M"))),
        Map.of("machine", "health-check", "input", Map.of("region", "us-east-1")));
    schedules.runInWorkers(Duration.ofSeconds(1)); // ticks once engine.start() runs the workers
    // snippet:end schedules
    return schedules;
  }
}
