package dev.clockwork.examples.schedules;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StartTimer;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.Schedules;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import javax.sql.DataSource;

/** The README's timer start events: version 2 of a machine that starts itself, on PostgreSQL. */
public final class StartTimerQuickstart {
  private StartTimerQuickstart() {}

  /** Version 2 of {@code invoice-run}, with four timer start events. */
  public static MachineDefinition invoiceRun() {
    // snippet:start start-timers
    MachineDefinition invoiceRun =
        Machine.define("invoice-run")
            .version(2)
            .initial("running")
            .state("running", s -> s.on("FINISH", "done"))
            .finalState("done")
            .startAt("2026-05-01T08:00:00Z") // a time date: once
            .startOn("R/2026-06-01T06:00:00Z/P1D") // a cycle: every day from that instant
            .startOn(
                StartTimer.cron("0 9 * * MON-FRI", ZoneId.of("Europe/Berlin"))
                    .withInput(Map.of("mode", "weekday")))
            .startOn(
                StartTimer.computed( // evaluated once, when version 2 is deployed
                    (deployedAt, definition) -> deployedAt.plus(Duration.ofHours(1))))
            .build();
    // snippet:end start-timers
    return invoiceRun;
  }

  /** Deploys the newest registered version's start timers; returns the schedules service. */
  public static Schedules run(DataSource dataSource, Clock clock, MachineDefinition... versions) {
    // snippet:start start-timers-deploy
    PostgresStore store = PostgresStore.on(dataSource);
    Engine engine = Engine.builder().store(store).clock(clock).register(versions).build();
    Schedules schedules = Schedules.builder(engine).store(store.schedules()).build();
    schedules.deployStartTimers(); // engine.start() does this too
    // snippet:end start-timers-deploy
    return schedules;
  }
}
