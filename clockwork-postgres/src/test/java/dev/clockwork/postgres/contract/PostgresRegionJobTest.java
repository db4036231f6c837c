package dev.clockwork.postgres.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.RegionJobContractTest;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RegionJobContractTest} on embedded PostgreSQL, and claimers racing for the same jobs on
 * separate connections.
 */
class PostgresRegionJobTest extends RegionJobContractTest {
  private static final int INSTANCES = 12;
  private static final int JOBS_PER_INSTANCE = 6;
  private static final int CLAIMERS = 8;

  @RegisterExtension final ContractDatabase database = new ContractDatabase();

  @Override
  protected Store newStore() {
    return database.newStore();
  }

  /**
   * Nothing to wait for: once the store has listened (the suite's first short wait), the listening
   * connection keeps every notification until a wait reads it.
   */
  @Override
  protected void untilWaiting(Thread waiter) {}

  @Test
  void concurrentClaimersNeverLeaseOneJobTwiceAndTakeEveryJobOver() throws Exception {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < INSTANCES; i++) {
      String id = "o-" + i;
      create(id);
      List<RegionJob> jobs = new ArrayList<>();
      for (int j = 0; j < JOBS_PER_INSTANCE; j++) {
        jobs.add(job(id, "r" + j, T0.plusSeconds(j), j % 2 == 0 ? null : "fast"));
      }
      dispatch(id, jobs.toArray(RegionJob[]::new)).forEach(job -> ids.add(job.id()));
    }

    List<JobClaim> first = claimConcurrently(null, T0.plusSeconds(JOBS_PER_INSTANCE));
    Instant expired = T0.plusSeconds(JOBS_PER_INSTANCE).plus(LEASE);
    List<JobClaim> takenOver = claimConcurrently(Set.of(RegionJob.DEFAULT_QUEUE, "fast"), expired);

    for (List<JobClaim> round : List.of(first, takenOver)) {
      assertThat(round)
          .extracting(c -> c.job().id())
          .doesNotHaveDuplicates()
          .containsExactlyInAnyOrderElementsOf(ids);
    }
    assertThat(store.regionJobs().claim("late", null, JOB_LEASES, 1_000, expired)).isEmpty();
    for (JobClaim claim : first) {
      assertThat(store.regionJobs().retry(claim.lease(), 1, "Boom", expired)).isFalse();
    }
    for (JobClaim claim : takenOver) {
      assertThat(store.regionJobs().drop(claim.lease())).isTrue();
    }
    assertThat(store.regionJobs().list(null)).isEmpty();
  }

  /**
   * {@value #CLAIMERS} claimers, started together, each claiming a few jobs at a time until a claim
   * brings none; every claim they made.
   */
  private List<JobClaim> claimConcurrently(Set<String> queues, Instant now) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CLAIMERS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<JobClaim>>> claimers = new ArrayList<>();
      for (int n = 0; n < CLAIMERS; n++) {
        String owner = "w" + n;
        claimers.add(
            pool.submit(
                () -> {
                  start.await();
                  List<JobClaim> mine = new ArrayList<>();
                  List<JobClaim> claimed;
                  while (!(claimed = store.regionJobs().claim(owner, queues, JOB_LEASES, 3, now))
                      .isEmpty()) {
                    mine.addAll(claimed);
                  }
                  return mine;
                }));
      }
      start.countDown();
      List<JobClaim> all = new ArrayList<>();
      for (Future<List<JobClaim>> claimer : claimers) {
        all.addAll(claimer.get());
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }
}
