package dev.clockwork.chaos.machine;

import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.util.Map;

/**
 * The run's one schedule, {@value #ID}: every {@link #INTERVAL} it starts a {@link ScheduledRun},
 * which runs about as long as the interval, under {@link OverlapPolicy#SKIP} (an occurrence that
 * comes while the previous run still runs is skipped) and {@link CatchupPolicy#ALL} within {@link
 * #CATCHUP_WINDOW} (occurrences missed while no worker ticked are evaluated late, oldest first, not
 * dropped). The orchestrator creates it before the workers start; every worker ticks it.
 */
public final class ChaosSchedule {
  public static final String ID = "chaos-tick";
  public static final Duration INTERVAL = Duration.ofSeconds(2);
  public static final Duration CATCHUP_WINDOW = Duration.ofMinutes(10);
  public static final OverlapPolicy OVERLAP = OverlapPolicy.SKIP;

  /** How often each worker ticks the schedules. */
  public static final Duration TICK = Duration.ofMillis(500);

  /** The skip reason of {@link OverlapPolicy#SKIP} in skipped occurrences. */
  public static final String OVERLAP_SKIP_REASON = "overlap_policy_skip";

  private ChaosSchedule() {}

  /**
   * The schedules service of an engine on {@code store}, claiming under {@code owner}; a claim of a
   * worker killed mid-evaluation expires after the engine's lease time, as an instance's does.
   */
  public static Schedules service(Engine engine, ScheduleStore store, String owner) {
    return Schedules.builder(engine)
        .store(store)
        .options(o -> o.owner(owner).claimLease(ChaosEngine.LEASE_TIME))
        .build();
  }

  /** The schedule to create. */
  public static ScheduleRequest request() {
    return ScheduleRequest.builder(ID)
        .startMachine(ScheduledRun.ID, Map.of())
        .interval(INTERVAL.toString())
        .overlapPolicy(OVERLAP)
        .catchup(CatchupPolicy.ALL)
        .catchupWindow(CATCHUP_WINDOW)
        .notes("clockwork-chaos: one run per occurrence, skipped while the previous one runs")
        .build();
  }
}
