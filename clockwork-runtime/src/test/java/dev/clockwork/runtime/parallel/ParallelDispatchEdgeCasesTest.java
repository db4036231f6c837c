package dev.clockwork.runtime.parallel;

import static dev.clockwork.core.definition.ParallelEvents.*;
import static dev.clockwork.runtime.parallel.DispatchMachines.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.ParallelDispatchSettingsBuilder;
import dev.clockwork.runtime.error.WorkerStoppedException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parallel dispatch edge cases an independent review found, through the engine (in-memory store).
 */
class ParallelDispatchEdgeCasesTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Consumer<ParallelDispatchSettingsBuilder> ON = p -> p.enabled(true);

  private VirtualClock clock;
  private Store store;

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    store = new InMemoryStore();
    DispatchMachines.reset();
  }

  private Engine engine(
      Consumer<ParallelDispatchSettingsBuilder> settings,
      dev.clockwork.core.definition.MachineDefinition... machines) {
    return Engine.builder()
        .store(store)
        .clock(clock)
        .register(machines)
        .settings(s -> s.parallelDispatch(settings))
        .settings(s -> s.workers(w -> w.regionJobThreads(0)))
        .build();
  }

  /**
   * Two services share one database; only the first registers {@code order}. Instance queue claims
   * are limited to a node's machines (ClaimRequest caps), region job claims are not: the other node
   * leases the order's jobs, fails on the unknown machine (UnknownMachineException escapes
   * RegionJobRunner.run) and leaves them leased, so the node that can run them cannot, until the
   * job lease (job_timeout + lock_timeout + lock_ttl = 6.5 minutes) expires — and then it repeats.
   */
  @Test
  void aNodeThatDoesNotKnowTheMachineDoesNotHoldItsJobs() {
    Engine orders = engine(ON, ORDER);
    Engine reports = engine(ON, WAITING);
    orders.create(NewInstance.of("order").id("o-1"));
    try {
      reports.regionJobs().runAvailable();
    } catch (RuntimeException e) {
      // RegionJobWorkers logs this and leaves the lease in place
    }
    assertThat(orders.regionJobs().runAvailable())
        .as("the node that knows 'order' can run its jobs")
        .hasSize(2);
  }

  /**
   * job_tries counts only attempts that return: a worker that dies (OOM, SIGKILL, an action that
   * never returns) leaves attempts at 0, so a poison job is redelivered forever and never reaches
   * {@code @fail} / PARALLEL_FAIL, whatever job_tries says.
   */
  @Test
  void aJobWhoseWorkerDiesEveryTimeEventuallyGivesUp() {
    Engine engine = engine(p -> p.enabled(true).jobTries(2), ORDER);
    engine.create(NewInstance.of("order").id("o-1"));
    for (int crash = 0; crash < 5; crash++) {
      List<JobClaim> claims =
          store
              .regionJobs()
              .claim(
                  "dying-" + crash,
                  null,
                  Map.of("order", Duration.ofMinutes(7)),
                  1,
                  clock.instant());
      assertThat(claims).isNotEmpty(); // the worker runs the action ... and dies
      clock.advance(Duration.ofMinutes(8));
    }
    assertThat(engine.regionJobs().pending("o-1"))
        .as("attempts counted for deliveries that never came back")
        .allSatisfy(j -> assertThat(j.attempts()).isGreaterThanOrEqualTo(1));
  }

  /**
   * A job given up because every worker that ran it died (its leases ran out) says why in its
   * {@code @fail} payload: the audit of seed 002 found an empty {@code exception} there.
   */
  @Test
  void aJobGivenUpBecauseItsWorkersDiedNamesWhyInItsFailure() {
    Engine engine = engine(p -> p.enabled(true).jobTries(2), ORDER);
    engine.create(NewInstance.of("order").id("o-1"));
    Duration lease = Duration.ofMinutes(7);
    for (int crash = 0; crash < 2; crash++) {
      assertThat(
              store
                  .regionJobs()
                  .claim("dying-" + crash, null, Map.of("order", lease), 2, clock.instant()))
          .hasSize(2); // the worker runs both regions' actions ... and dies
      clock.advance(lease.plusMinutes(1));
    }

    assertThat(engine.regionJobs().runAvailable()).contains(JobOutcome.GAVE_UP);

    assertThat(engine.instances().get("o-1").states()).containsExactly("failed");
    Map<String, Object> failure = ParallelDispatchContractTest.payload(engine, "o-1", FAIL);
    assertThat(failure)
        .containsEntry(EXCEPTION, WorkerStoppedException.class.getName())
        .hasEntrySatisfying(
            ERROR, e -> assertThat((String) e).contains("stopped before it finished"))
        .hasEntrySatisfying(ATTEMPTS, n -> assertThat(((Number) n).intValue()).isEqualTo(2));
  }

  /**
   * The seed: PARALLEL_DONE when all regions reach final and @done fires. It is recorded only when
   * the final region is finished by a job's result, not when (as the seed's stall section
   * describes) a region waiting by design is finished by an external event.
   */
  @Test
  void parallelDoneIsRecordedWhenAnExternalEventFinishesTheLastRegion() {
    Engine engine = engine(ON, WAITING);
    engine.create(NewInstance.of("waiting").id("w-1"));
    engine.regionJobs().runAvailable();
    engine.send("w-1", Event.of("WEBHOOK"));
    engine.send("w-1", Event.of("WAKE"));
    assertThat(engine.instances().get("w-1").states()).containsExactly("finished");
    assertThat(engine.instances().history(HistoryQuery.ofType("w-1", DONE))).hasSize(1);
  }

  /**
   * {@code @parallel.…} are internal, yet Engine.send accepts them (knowsEvent lets every '@' event
   * through): anyone with the send API (HTTP) can fire a parallel state's @fail, or apply an
   * arbitrary "region result" to the context.
   */
  @Test
  void theRuntimesOwnParallelEventsCannotBeSentFromOutside() {
    Engine engine = engine(ON, ORDER);
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob job = engine.regionJobs().pending("o-1").get(0);
    try {
      engine.send(
          "o-1",
          Event.of(
              REGION_FAILED,
              Map.of(
                  PARALLEL_STATE, job.parallelState(),
                  PARALLEL_ENTRY, job.parallelEntry(),
                  REGION, job.region(),
                  ERROR, "forged")));
    } catch (RuntimeException refused) {
      // what a fix would do
    }
    assertThat(engine.instances().get("o-1").states()).doesNotContain("failed");
  }

  /**
   * An apply refused because the instance's lease was lost (not the job's) returns LOST and leaves
   * the job leased by a worker that no longer runs it: the region waits out the whole job lease
   * (job_timeout + lock_timeout + lock_ttl, 6.5 minutes by default) before anyone retries.
   */
  @Test
  void aJobWhoseApplyLostTheInstanceLeaseIsReleasedAtOnce() {
    Engine engine = engine(p -> p.enabled(true).lockTtl(Duration.ofSeconds(7)), ORDER);
    engine.create(NewInstance.of("order").id("o-1"));
    hook( // another node takes the instance over while the result applies
        "inventory_done",
        a -> store.work().lease("o-1", "other-node", Duration.ofSeconds(1), T0.plusSeconds(8)));
    RegionJob inventory =
        engine.regionJobs().pending("o-1").stream()
            .filter(j -> j.region().equals("processing.inventory"))
            .findFirst()
            .orElseThrow();
    assertThat(engine.regionJobs().run(inventory)).isEqualTo(JobOutcome.LOST);
    DispatchMachines.reset();
    clock.advance(Duration.ofSeconds(10)); // the other node's lease is long gone
    engine.regionJobs().runAvailable();
    assertThat(engine.regionJobs().pending("o-1"))
        .as("the inventory job is runnable again once nobody runs it")
        .isEmpty();
  }
}
