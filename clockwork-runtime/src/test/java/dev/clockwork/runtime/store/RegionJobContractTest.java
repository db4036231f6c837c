package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The store contract for region jobs (parallel dispatch): jobs stored with the commit that
 * dispatches them ({@link StepCommit#jobs()}), leased by any worker ({@link Store#claimJobs}),
 * retried, dropped, or finished by the commit that applies their result ({@link
 * StepCommit#finishedJob()}), which is fenced by the job's lease. Subclass it once per store.
 */
public abstract class RegionJobContractTest extends StoreContract {
  /** The machine of the jobs here ({@code order}) with its region job lease. */
  protected static final Map<String, Duration> JOB_LEASES = Map.of("order", LEASE);

  /**
   * Returns once {@code waiter}, which has just called {@link RegionJobStore#awaitJobs}, is certain
   * to see a wake-up sent from now on. By default: once it waits on a monitor (a store whose
   * waiters are woken with {@code notifyAll} misses what was sent before they waited). A store that
   * keeps the wake-ups sent while nobody waits overrides it.
   */
  protected void untilWaiting(Thread waiter) {
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> waiter.getState() == Thread.State.TIMED_WAITING);
  }

  // ---- dispatch: jobs stored with their commit ----

  @Test
  void aCommitStoresItsJobsUnderNewIds() {
    create("o-1");
    RegionJob left = job("o-1", "left", T0);
    RegionJob right = job("o-1", "right", T0);

    commitAll(update(lease("o-1", T0)).jobs(List.of(left, right)));

    List<RegionJob> stored = store.regionJobs().list("o-1");
    assertThat(stored).hasSize(2);
    long first = stored.get(0).id();
    long second = stored.get(1).id();
    assertThat(first).isPositive();
    assertThat(second).isGreaterThan(first);
    assertThat(stored).containsExactly(left.withId(first), right.withId(second));
  }

  @Test
  void aRefusedGroupStoresNoneOfItsJobs() {
    create("o-1", "o-2");
    Claim held = lease("o-1", T0);
    Claim lost = lease("o-2", T0);
    store.work().release(lost.lease());

    CommitResult result =
        commit(
            update(held).group("g").jobs(List.of(job("o-1", "left", T0))),
            update(lost).group("g").jobs(List.of(job("o-2", "left", T0))));

    assertThat(result.refused()).containsExactly(Map.entry("g", Refusal.LEASE_LOST));
    assertThat(store.regionJobs().list(null)).isEmpty();
    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0)).isEmpty();
    assertThat(store.regionJobs().nextDue(null, null, T0)).isEmpty();
  }

  @Test
  void anInsertStoresItsJobsAndAnInsertRefusedAsADuplicateStoresNone() {
    InstanceRecord created = instance("o-1").in("busy.left.working", "busy.right.working").build();
    InstanceRecord duplicate = instance("o-1").createdAt(T0.plusSeconds(1)).build();

    commitAll(StepCommit.insert(created).jobs(List.of(job("o-1", "left", T0))));
    CommitResult result =
        commit(StepCommit.insert(duplicate).jobs(List.of(job("o-1", "right", T0))));

    assertThat(result.refusal("o-1")).contains(Refusal.DUPLICATE_ID);
    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJobContractTest::region)
        .containsExactly("left");
  }

  @Test
  void regionJobsListsOneInstancesJobsOrEveryJobById() {
    create("o-1", "o-2");
    dispatch("o-1", job("o-1", "left", T0));
    dispatch("o-2", job("o-2", "left", T0), job("o-2", "right", T0));
    dispatch("o-1", job("o-1", "right", T0));

    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJob::instanceId, RegionJobContractTest::region)
        .containsExactly(tuple("o-1", "left"), tuple("o-1", "right"));
    assertThat(store.regionJobs().list(null)).extracting(RegionJob::instanceId).hasSize(4);
    assertThat(store.regionJobs().list(null))
        .extracting(RegionJob::id)
        .isSorted()
        .doesNotHaveDuplicates();
    assertThat(store.regionJobs().list("o-3")).isEmpty();
  }

  @Test
  void aJobsBaselineComesBackAsStored() {
    create("o-1");
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("city", "Lyon");
    nested.put("zip", null);
    nested.put("lines", List.of(1L, 2L, 3L));
    Map<String, Object> baseline = new LinkedHashMap<>();
    baseline.put("count", 42L);
    baseline.put("big", 9_007_199_254_740_993L);
    baseline.put("ratio", 2.5);
    baseline.put("name", "order \"7\" — ünïcode");
    baseline.put("empty", "");
    baseline.put("paid", true);
    baseline.put("shipped", false);
    baseline.put("note", null);
    baseline.put("address", nested);
    baseline.put("tags", Arrays.asList("a", null, "b"));
    baseline.put("none", Map.of());
    dispatch("o-1", withBaseline(job("o-1", "left", T0), baseline));

    assertThat(store.regionJobs().list("o-1"))
        .singleElement()
        .returns(baseline, RegionJob::baseline);
    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 1, T0))
        .singleElement()
        .satisfies(claim -> assertThat(claim.job().baseline()).isEqualTo(baseline));
  }

  // ---- claims ----

  @Test
  void claimsLeaseAvailableJobsLongestAvailableFirst() {
    create("o-1", "o-2");
    dispatch("o-1", job("o-1", "a", T0.plusSeconds(5)), job("o-1", "b", T0.plusSeconds(1)));
    dispatch("o-2", job("o-2", "c", T0.plusSeconds(1)), job("o-2", "d", T0.plusSeconds(10)));

    List<JobClaim> claims = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0.plusSeconds(5));

    assertThat(claims).extracting(c -> region(c.job())).containsExactly("b", "c", "a");
    for (JobClaim claim : claims) {
      assertThat(claim.lease().jobId()).isEqualTo(claim.job().id());
      assertThat(claim.lease().instanceId()).isEqualTo(claim.job().instanceId());
      assertThat(claim.lease().owner()).isEqualTo("w1");
      assertThat(claim.lease().expiresAt()).isEqualTo(T0.plusSeconds(5).plus(LEASE));
      assertThat(store.regionJobs().list(null)).contains(claim.job());
    }
    assertThat(claims).extracting(c -> c.lease().token()).doesNotHaveDuplicates();
  }

  @Test
  void aJobIsNotClaimedBeforeItIsAvailable() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0.plusSeconds(10)));

    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0.plusSeconds(9))).isEmpty();
    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0.plusSeconds(10))).hasSize(1);
  }

  @Test
  void aClaimTakesAtMostMaxJobs() {
    create("o-1");
    dispatch(
        "o-1",
        job("o-1", "a", T0),
        job("o-1", "b", T0.plusSeconds(1)),
        job("o-1", "c", T0.plusSeconds(2)));
    Instant now = T0.plusSeconds(2);

    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 0, now)).isEmpty();
    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 2, now))
        .extracting(c -> region(c.job()))
        .containsExactly("a", "b");
    assertThat(store.regionJobs().claim("w2", null, JOB_LEASES, 2, now))
        .extracting(c -> region(c.job()))
        .containsExactly("c");
    assertThat(store.regionJobs().claim("w3", null, JOB_LEASES, 2, now)).isEmpty();
  }

  @Test
  void aClaimTakesOnlyJobsOfItsQueuesAJobWithoutOneBeingInTheDefaultQueue() {
    create("o-1");
    dispatch(
        "o-1",
        job("o-1", "unrouted", T0, null),
        job("o-1", "default", T0, RegionJob.DEFAULT_QUEUE),
        job("o-1", "fast", T0, "fast"),
        job("o-1", "slow", T0, "slow"));

    assertThat(store.regionJobs().claim("w1", Set.of("fast"), JOB_LEASES, 10, T0))
        .extracting(c -> region(c.job()))
        .containsExactly("fast");
    assertThat(store.regionJobs().claim("w1", Set.of(RegionJob.DEFAULT_QUEUE), JOB_LEASES, 10, T0))
        .extracting(c -> region(c.job()))
        .containsExactly("unrouted", "default");
    assertThat(store.regionJobs().claim("w1", Set.of("other"), JOB_LEASES, 10, T0)).isEmpty();
    assertThat(store.regionJobs().claim("w1", Set.of(), JOB_LEASES, 10, T0)).isEmpty();
    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0))
        .extracting(c -> region(c.job()))
        .containsExactly("slow");
    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJob::queue)
        .containsExactly(null, RegionJob.DEFAULT_QUEUE, "fast", "slow");
  }

  @Test
  void twoJobsOfOneInstanceAreLeasedTogetherByOneClaimer() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0), job("o-1", "right", T0));

    assertThat(store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0))
        .extracting(c -> region(c.job()))
        .containsExactly("left", "right");
  }

  @Test
  void twoJobsOfOneInstanceAreLeasedToTwoClaimersAtOnce() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0), job("o-1", "right", T0));

    List<JobClaim> first = store.regionJobs().claim("w1", null, JOB_LEASES, 1, T0);
    List<JobClaim> second = store.regionJobs().claim("w2", null, JOB_LEASES, 1, T0);

    assertThat(first).extracting(c -> region(c.job())).containsExactly("left");
    assertThat(second).extracting(c -> region(c.job())).containsExactly("right");
    assertThat(store.regionJobs().retry(first.get(0).lease(), 1, "Boom", T0.plusSeconds(5)))
        .isTrue();
    assertThat(store.regionJobs().drop(second.get(0).lease())).isTrue();
  }

  // ---- job leases ----

  @Test
  void aLeasedJobIsClaimedAgainOnlyOnceItsLeaseExpiredAndThenTheOldLeaseIsInvalid() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease first = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();
    Instant expiry = T0.plus(LEASE);

    assertThat(store.regionJobs().claim("w2", null, JOB_LEASES, 10, expiry.minusSeconds(1)))
        .isEmpty();
    List<JobClaim> takenOver = store.regionJobs().claim("w2", null, JOB_LEASES, 10, expiry);

    assertThat(takenOver)
        .singleElement()
        .satisfies(c -> assertThat(c.lease().owner()).isEqualTo("w2"));
    JobLease second = takenOver.get(0).lease();
    assertThat(second.jobId()).isEqualTo(first.jobId());
    assertThat(second.token()).isNotEqualTo(first.token());
    assertThat(store.regionJobs().retry(first, 1, "Boom", expiry)).isFalse();
    assertThat(store.regionJobs().drop(first)).isFalse();
    RegionJob untouched = store.regionJobs().list("o-1").get(0);
    assertThat(untouched.attempts()).as("one attempt per claim").isEqualTo(2);
    assertThat(untouched.lastError()).isNull();
    assertThat(store.regionJobs().claim("w3", null, JOB_LEASES, 10, expiry.plusSeconds(1)))
        .as("the retry with the old lease did not free the job")
        .isEmpty();
    assertThat(commit(update(lease("o-1", expiry)).finishedJob(first)).refusal("o-1"))
        .contains(Refusal.JOB_LOST);
    assertThat(store.regionJobs().drop(second)).isTrue();
  }

  @Test
  void anExpiredJobLeaseStaysValidUntilAnotherWorkerTakesTheJobOver() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0), job("o-1", "right", T0));
    List<JobClaim> claims = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0);
    Instant late = T0.plus(LEASE).plusSeconds(60);

    assertThat(store.regionJobs().retry(claims.get(0).lease(), 1, "Boom", late)).isTrue();
    commitAll(update(lease("o-1", late)).finishedJob(claims.get(1).lease()));

    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJobContractTest::region)
        .containsExactly("left");
  }

  @Test
  void aJobLeaseNamingAnotherJobInstanceOrTokenIsNotValid() {
    create("o-1", "o-2");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease held = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();

    JobLease otherToken =
        new JobLease(held.jobId(), held.instanceId(), "w1", UUID.randomUUID(), held.expiresAt());
    JobLease otherJob =
        new JobLease(held.jobId() + 1, held.instanceId(), "w1", held.token(), held.expiresAt());
    JobLease otherInstance =
        new JobLease(held.jobId(), "o-2", "w1", held.token(), held.expiresAt());

    assertThat(store.regionJobs().retry(otherToken, 1, "Boom", T0)).isFalse();
    assertThat(store.regionJobs().drop(otherJob)).isFalse();
    assertThat(store.regionJobs().drop(otherInstance)).isFalse();
    assertThat(store.regionJobs().list("o-1")).hasSize(1);
    assertThat(store.regionJobs().drop(held)).isTrue();
  }

  // ---- retry and drop ----

  @Test
  void aRetryRecordsTheFailedAttemptAndFreesTheJobUntilItIsAvailableAgain() {
    create("o-1");
    RegionJob dispatched = dispatch("o-1", job("o-1", "left", T0)).get(0);
    JobLease lease = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();

    assertThat(
            store.regionJobs().retry(lease, 1, "IllegalStateException: boom", T0.plusSeconds(20)))
        .isTrue();

    assertThat(store.regionJobs().list("o-1"))
        .containsExactly(dispatched.failed(1, "IllegalStateException: boom", T0.plusSeconds(20)));
    assertThat(store.regionJobs().claim("w2", null, JOB_LEASES, 10, T0.plusSeconds(19))).isEmpty();
    assertThat(store.regionJobs().nextDue(null, null, T0.plusSeconds(1)))
        .contains(T0.plusSeconds(20));
    List<JobClaim> again = store.regionJobs().claim("w2", null, JOB_LEASES, 10, T0.plusSeconds(20));
    assertThat(again)
        .as("claimed again before the first lease's expiry: the retry gave the lease up")
        .singleElement()
        .satisfies(
            c -> assertThat(c.job().attempts()).as("the claim counts attempt 2").isEqualTo(2));
    assertThat(store.regionJobs().retry(lease, 2, "again", T0.plusSeconds(40))).isFalse();
    assertThat(store.regionJobs().drop(lease)).isFalse();
    assertThat(store.regionJobs().list("o-1").get(0).attempts()).isEqualTo(2);
  }

  @Test
  void aDroppedJobIsDeletedOnce() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0), job("o-1", "right", T0));
    JobLease lease = store.regionJobs().claim("w1", null, JOB_LEASES, 1, T0).get(0).lease();

    assertThat(store.regionJobs().drop(lease)).isTrue();
    assertThat(store.regionJobs().drop(lease)).isFalse();
    assertThat(store.regionJobs().retry(lease, 1, "Boom", T0)).isFalse();
    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJobContractTest::region)
        .containsExactly("right");
  }

  // ---- finishing: the commit that applies a job's result ----

  @Test
  void aCommitThatFinishesAJobDeletesItWithTheCommit() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0), job("o-1", "right", T0));
    JobClaim left = store.regionJobs().claim("w1", null, JOB_LEASES, 1, T0).get(0);
    Claim claim = lease("o-1", T0.plusSeconds(1));
    InstanceRecord next = InstanceBuilder.nextOf(claim.instance()).historySequence(2).build();

    commitAll(
        StepCommit.update(claim.lease(), next)
            .history(List.of(row(next, 2)))
            .finishedJob(left.lease()));

    assertThat(store.instances().find("o-1")).contains(next);
    assertThat(store.instances().history("o-1", 1, 10)).containsExactly(row(next, 2));
    assertThat(store.regionJobs().list("o-1"))
        .extracting(RegionJobContractTest::region)
        .containsExactly("right");
    assertThat(store.regionJobs().drop(left.lease())).isFalse();
  }

  @Test
  void aSecondCommitFinishingTheSameJobIsRefusedAndWritesNothingOfItsGroup() {
    create("o-1", "o-2");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease finished = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();
    commitAll(update(lease("o-1", T0.plusSeconds(1))).finishedJob(finished));
    InstanceRecord before = store.instances().find("o-1").orElseThrow();
    List<HistoryEntry> historyBefore = store.instances().history("o-1", 0, 100);
    Claim again = lease("o-1", T0.plusSeconds(2));
    Claim other = lease("o-2", T0.plusSeconds(2));
    InstanceRecord next =
        InstanceBuilder.nextOf(again.instance()).in("done").historySequence(2).build();

    CommitResult result =
        commit(
            StepCommit.update(again.lease(), next)
                .group("g")
                .history(List.of(row(next, 2)))
                .finishedJob(finished)
                .jobs(List.of(job("o-1", "next", T0)))
                .outgoing(List.of(event("o-2", "DONE", T0))),
            update(other).group("g").jobs(List.of(job("o-2", "left", T0))));

    assertThat(result.refused()).containsExactly(Map.entry("g", Refusal.JOB_LOST));
    assertThat(store.instances().find("o-1")).contains(before);
    assertThat(store.instances().history("o-1", 0, 100)).isEqualTo(historyBefore);
    assertThat(store.instances().find("o-2")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.regionJobs().list(null)).isEmpty();
    assertThat(store.queue().pendingEvents()).as("nothing was sent to o-2").isZero();
    assertThat(store.work().renew(again.lease(), T0.plusSeconds(60)))
        .as("a refused group keeps its leases")
        .isPresent();
  }

  @Test
  void aJobIsFinishedOnceEvenByTwoCommitsOfOneCall() {
    create("o-1", "o-2");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease finished = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();
    Claim first = lease("o-1", T0.plusSeconds(1));
    Claim second = lease("o-2", T0.plusSeconds(1));

    CommitResult result =
        commit(
            update(first).finishedJob(finished), update(second).group("g").finishedJob(finished));

    assertThat(result.refused()).containsExactly(Map.entry("g", Refusal.JOB_LOST));
    assertThat(store.instances().find("o-1")).map(InstanceRecord::revision).contains(3L);
    assertThat(store.instances().find("o-2")).map(InstanceRecord::revision).contains(1L);
    assertThat(store.regionJobs().list(null)).isEmpty();
  }

  @Test
  void aCommitMayFinishOneJobAndDispatchOthers() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease left = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();

    commitAll(
        update(lease("o-1", T0.plusSeconds(1)))
            .finishedJob(left)
            .jobs(List.of(job("o-1", "left.inner", T0.plusSeconds(1)))));

    assertThat(store.regionJobs().list("o-1"))
        .singleElement()
        .satisfies(
            stored -> {
              assertThat(region(stored)).isEqualTo("left.inner");
              assertThat(stored.id()).isNotEqualTo(left.jobId());
            });
  }

  // ---- when jobs are due ----

  @Test
  void aClaimCountsAnAttemptAndHoldsTheJobUntilItsLeaseExpires() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0));
    JobClaim first = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0);
    assertThat(first.job().attempts()).isEqualTo(1);
    assertThat(first.job().availableAt()).isEqualTo(T0.plus(LEASE));
    assertThat(store.regionJobs().list("o-1").get(0).attempts()).isEqualTo(1);
    // its worker dies: the next claim, once the lease expired, counts attempt 2
    JobClaim second = store.regionJobs().claim("w2", null, JOB_LEASES, 10, T0.plus(LEASE)).get(0);
    assertThat(second.job().attempts()).isEqualTo(2);
    // handed back uncounted (one less than the claim's), available at once
    assertThat(store.regionJobs().retry(second.lease(), 1, null, T0.plus(LEASE))).isTrue();
    assertThat(store.regionJobs().claimOne("o-1", second.job().id(), "w3", LEASE, T0.plus(LEASE)))
        .hasValueSatisfying(c -> assertThat(c.job().attempts()).isEqualTo(2));
    assertThat(store.regionJobs().claimOne("o-1", second.job().id(), "w4", LEASE, T0.plus(LEASE)))
        .as("held by w3's lease")
        .isEmpty();
    assertThat(
            store
                .regionJobs()
                .claimOne("o-2", second.job().id(), "w4", LEASE, T0.plus(LEASE).plus(LEASE)))
        .as("the id belongs to another instance's job")
        .isEmpty();
  }

  @Test
  void claimsLeaveTheJobsOfMachinesTheClaimerDoesNotRun() {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0));
    assertThat(store.regionJobs().claim("w1", null, Map.of("report", LEASE), 10, T0)).isEmpty();
    assertThat(store.regionJobs().nextDue(null, Set.of("report"), T0)).isEmpty();
    assertThat(store.regionJobs().nextDue(null, Set.of("order"), T0)).contains(T0);
    assertThat(
            store.regionJobs().claim("w1", null, Map.of("order", LEASE, "report", LEASE), 10, T0))
        .hasSize(1);
  }

  @Test
  void nextJobDueIsTheEarliestAvailabilityOrLeaseExpiry() {
    create("o-1");
    assertThat(store.regionJobs().nextDue(null, null, T0)).isEmpty();
    dispatch(
        "o-1",
        job("o-1", "soon", T0.plusSeconds(5)),
        job("o-1", "later", T0.plusSeconds(10)),
        job("o-1", "fast", T0.plusSeconds(7), "fast"));

    assertThat(store.regionJobs().nextDue(null, null, T0)).contains(T0.plusSeconds(5));
    assertThat(store.regionJobs().nextDue(Set.of("fast"), null, T0)).contains(T0.plusSeconds(7));
    assertThat(store.regionJobs().nextDue(Set.of(RegionJob.DEFAULT_QUEUE), null, T0))
        .contains(T0.plusSeconds(5));
    assertThat(store.regionJobs().nextDue(Set.of("other"), null, T0)).isEmpty();

    store
        .regionJobs()
        .claim("w1", Set.of(RegionJob.DEFAULT_QUEUE), JOB_LEASES, 1, T0.plusSeconds(5));

    assertThat(store.regionJobs().nextDue(Set.of(RegionJob.DEFAULT_QUEUE), null, T0.plusSeconds(6)))
        .contains(T0.plusSeconds(10));
    assertThat(store.regionJobs().nextDue(null, null, T0.plusSeconds(6)))
        .contains(T0.plusSeconds(7));
    store
        .regionJobs()
        .claim("w1", Set.of(RegionJob.DEFAULT_QUEUE), JOB_LEASES, 1, T0.plusSeconds(10));
    assertThat(
            store.regionJobs().nextDue(Set.of(RegionJob.DEFAULT_QUEUE), null, T0.plusSeconds(11)))
        .as("a leased job is due again when its lease expires")
        .contains(T0.plusSeconds(5).plus(LEASE));
  }

  // ---- waking idle region job claimers ----

  @Test
  void aCommitThatStoresAJobWakesAWaitingWorker() throws InterruptedException {
    create("o-1");
    Claim claim = lease("o-1", T0);
    AtomicBoolean woke = new AtomicBoolean();
    Thread waiter = waitForJobs(woke);
    try {
      commitAll(update(claim).jobs(List.of(job("o-1", "left", T0))));
      await().atMost(Duration.ofSeconds(10)).untilTrue(woke);
    } finally {
      waiter.interrupt();
    }
  }

  @Test
  void aRetryWakesAWaitingWorker() throws InterruptedException {
    create("o-1");
    dispatch("o-1", job("o-1", "left", T0));
    JobLease lease = store.regionJobs().claim("w1", null, JOB_LEASES, 10, T0).get(0).lease();
    AtomicBoolean woke = new AtomicBoolean();
    Thread waiter = waitForJobs(woke);
    try {
      assertThat(store.regionJobs().retry(lease, 1, "Boom", T0.plusSeconds(1))).isTrue();
      await().atMost(Duration.ofSeconds(10)).untilTrue(woke);
    } finally {
      waiter.interrupt();
    }
  }

  @Test
  void enqueuesAndReleasedLeasesDoNotWakeAWaitingClaimer() throws InterruptedException {
    create("o-1", "o-2");
    Claim claim = lease("o-1", T0);
    AtomicBoolean woke = new AtomicBoolean();
    Thread waiter = waitForJobs(woke);
    try {
      for (int i = 0; i < 20; i++) {
        store.queue().enqueue(event("o-2", "PING", T0));
      }
      store.work().release(claim.lease());
      await()
          .during(Duration.ofMillis(500))
          .atMost(Duration.ofSeconds(5))
          .alias("a claimer woken by every enqueue queries the jobs for nothing")
          .untilFalse(woke);
      Claim again = lease("o-1", T0);
      commitAll(update(again).jobs(List.of(job("o-1", "left", T0))));
      await().atMost(Duration.ofSeconds(10)).untilTrue(woke);
    } finally {
      waiter.interrupt();
    }
  }

  /**
   * A thread waiting a minute for region jobs, which sets {@code woke} when its wait ends; returns
   * once it waits. A first short wait lets a store that listens for jobs start listening.
   */
  private Thread waitForJobs(AtomicBoolean woke) throws InterruptedException {
    store.regionJobs().awaitJobs(Duration.ofMillis(1));
    Thread waiter =
        new Thread(
            () -> {
              try {
                store.regionJobs().awaitJobs(Duration.ofMinutes(1));
                woke.set(true);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "await-work");
    waiter.setDaemon(true);
    waiter.start();
    untilWaiting(waiter);
    return waiter;
  }

  // ---- builders ----

  /**
   * Stores {@code jobs} with a commit of {@code instanceId} (leased and committed at {@link #T0});
   * returns the instance's stored jobs.
   */
  protected List<RegionJob> dispatch(String instanceId, RegionJob... jobs) {
    Claim claim = store.work().lease(instanceId, "dispatcher", LEASE, T0).orElseThrow();
    commitAll(update(claim).jobs(List.of(jobs)));
    return store.regionJobs().list(instanceId);
  }

  /**
   * A job for region {@code busy.<region>} of {@code instanceId} (an {@code order}), in no queue,
   * dispatched at {@link #T0} with a small baseline.
   */
  public static RegionJob job(String instanceId, String region, Instant availableAt) {
    return job(instanceId, region, availableAt, null);
  }

  /** {@link #job(String, String, Instant)} routed to {@code queue}. */
  public static RegionJob job(String instanceId, String region, Instant availableAt, String queue) {
    return new RegionJob(
        0,
        instanceId,
        "order",
        queue,
        "busy",
        3,
        "busy." + region,
        "busy." + region + ".working",
        4,
        Map.of("n", 1L),
        dev.clockwork.core.event.Event.of("START", Map.of("order", "o-7")),
        0,
        availableAt,
        T0,
        null);
  }

  /** {@code job} with {@code baseline}. */
  private static RegionJob withBaseline(RegionJob job, Map<String, Object> baseline) {
    return new RegionJob(
        job.id(),
        job.instanceId(),
        job.machine(),
        job.queue(),
        job.parallelState(),
        job.parallelEntry(),
        job.region(),
        job.initialState(),
        job.initialEntry(),
        baseline,
        job.trigger(),
        job.attempts(),
        job.availableAt(),
        job.createdAt(),
        job.lastError());
  }

  /** The region's name in its parallel state ({@code left} for {@code busy.left}). */
  private static String region(RegionJob job) {
    return job.region().substring("busy.".length());
  }

  /** A history row of {@code as} at {@code sequence}. */
  private static HistoryEntry row(InstanceRecord as, long sequence) {
    return new HistoryEntry(
        sequence,
        as.id(),
        as.conversationId(),
        T0,
        Kind.EVENT,
        "DONE",
        Map.of(),
        as.leafPaths(),
        "");
  }
}
