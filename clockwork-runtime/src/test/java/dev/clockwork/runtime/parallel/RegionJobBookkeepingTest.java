package dev.clockwork.runtime.parallel;

import static dev.clockwork.runtime.parallel.DispatchMachines.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingInstanceStore;
import dev.clockwork.runtime.store.forwarding.ForwardingRegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A store error in a region job's own bookkeeping (reading the instance, recording a failed
 * attempt) is not the action's fault: the job is handed back without spending an attempt, and the
 * error does not escape the runner. The store fails once, in the one call each test names.
 */
class RegionJobBookkeepingTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private final AtomicInteger findFailures = new AtomicInteger();
  private final AtomicInteger retryFailures = new AtomicInteger();
  private VirtualClock clock;
  private Engine engine;

  /** A store whose instance reads and job retries fail while their counters are above 0. */
  private final class FailingStore extends ForwardingStore {
    private final InstanceStore instances;
    private final RegionJobStore regionJobs;

    FailingStore() {
      super(new InMemoryStore());
      instances =
          new ForwardingInstanceStore(delegate().instances()) {
            @Override
            public Optional<InstanceRecord> find(String instanceId) {
              if (findFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("connection reset reading " + instanceId);
              }
              return super.find(instanceId);
            }
          };
      regionJobs =
          new ForwardingRegionJobStore(delegate().regionJobs()) {
            @Override
            public boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
              if (retryFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("connection reset retrying " + lease.jobId());
              }
              return super.retry(lease, attempts, error, availableAt);
            }
          };
    }

    @Override
    public InstanceStore instances() {
      return instances;
    }

    @Override
    public RegionJobStore regionJobs() {
      return regionJobs;
    }
  }

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    DispatchMachines.reset();
    engine =
        Engine.builder()
            .store(new FailingStore())
            .clock(clock)
            .register(ORDER)
            .settings(s -> s.parallelDispatch(p -> p.enabled(true).jobTries(3)))
            .settings(s -> s.workers(w -> w.regionJobThreads(0)))
            .build();
    engine.create(NewInstance.of("order").id("o-1"));
  }

  @Test
  void aFailedInstanceReadHandsTheJobBackUnspent() {
    RegionJob inventory = inventory();
    findFailures.set(1);

    JobOutcome outcome = engine.regionJobs().run(inventory);

    assertThat(outcome).isEqualTo(JobOutcome.GIVEN_BACK);
    RegionJob after = inventory();
    assertThat(after.attempts()).as("no attempt spent").isZero();
    assertThat(after.availableAt()).as("again a second later").isEqualTo(T0.plusSeconds(1));
    clock.advance(Duration.ofSeconds(1));
    assertThat(engine.regionJobs().run(after))
        .as("its lease was given up: it runs at once, not when the lease expires")
        .isEqualTo(JobOutcome.APPLIED);
  }

  @Test
  void aFailedRecordOfAFailedAttemptHandsTheJobBackUnspent() {
    RegionJob inventory = inventory();
    retryFailures.set(1);

    JobOutcome outcome =
        engine.regionJobs().fail(inventory, new IllegalStateException("out of stock"));

    assertThat(outcome).isEqualTo(JobOutcome.GIVEN_BACK);
    RegionJob after = inventory();
    assertThat(after.attempts()).as("no attempt spent").isZero();
    clock.advance(Duration.ofSeconds(1));
    assertThat(engine.regionJobs().run(after)).isEqualTo(JobOutcome.APPLIED);
    assertThat(engine.instances().get("o-1").states()).isNotEqualTo(List.of("failed"));
  }

  @Test
  void whenEvenTheHandBackFailsTheRunnerDoesNotThrowAndTheLeaseRunsOut() {
    RegionJob inventory = inventory();
    findFailures.set(1);
    retryFailures.set(1);

    assertThat(engine.regionJobs().run(inventory)).isEqualTo(JobOutcome.GIVEN_BACK);

    clock.advance(Duration.ofMinutes(10)); // past the job's lease
    assertThat(engine.regionJobs().run(inventory())).isEqualTo(JobOutcome.APPLIED);
  }

  private RegionJob inventory() {
    return engine.regionJobs().pending("o-1").stream()
        .filter(j -> j.region().equals("processing.inventory"))
        .findFirst()
        .orElseThrow();
  }
}
