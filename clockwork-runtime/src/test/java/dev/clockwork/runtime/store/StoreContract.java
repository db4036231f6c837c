package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * What the store contract suites share: a fresh store per test and small builders for what they
 * store. Every instant is one the test passes in — a store never reads a clock — and every instant
 * is on the microsecond, which is what PostgreSQL keeps.
 *
 * <p>The suites, each subclassed once per store: {@link StoreContractTest} (instances, enqueue),
 * {@link CommitContractTest}, {@link BroadcastContractTest}, {@link ClaimContractTest} (claims,
 * {@code nextDue}, leases), {@link EventStatusContractTest}, {@link QueueOperationsContractTest},
 * {@link RegionJobContractTest} (parallel dispatch's region jobs), {@link OperatorLogContractTest},
 * {@link QueueActivityContractTest}, {@link MetadataContractTest}, {@link CallbackContractTest},
 * {@link NamespaceContractTest}.
 */
// a broken store may loop forever: fail the test instead of hanging the build
@Timeout(value = 60, threadMode = ThreadMode.SEPARATE_THREAD)
public abstract class StoreContract {
  public static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  public static final Duration LEASE = Duration.ofSeconds(30);

  protected Store store;

  /** An empty store. */
  protected abstract Store newStore();

  @BeforeEach
  void openStore() {
    store = newStore();
  }

  // ---- instances ----

  /** Stores {@code builder}'s instance with its creation row. */
  protected InstanceRecord create(InstanceBuilder builder) {
    InstanceRecord record = builder.build();
    store.work().create(record, List.of(createdRow(record)));
    return record;
  }

  /** Stores active {@code order} instances in {@code waiting}, created at {@link #T0}. */
  protected void create(String... ids) {
    Arrays.stream(ids).forEach(id -> create(InstanceBuilder.instance(id)));
  }

  public static InstanceBuilder instance(String id) {
    return InstanceBuilder.instance(id);
  }

  /** The row a creation writes first: sequence 1, kind CREATED. */
  public static HistoryEntry createdRow(InstanceRecord record) {
    return new HistoryEntry(
        1,
        record.id(),
        record.conversationId(),
        record.createdAt(),
        Kind.CREATED,
        "@init",
        Map.of(),
        record.leafPaths(),
        "");
  }

  /** A timer armed by the first entry of {@code state}, sending {@code event} at {@code due}. */
  public static ArmedTimer timer(String state, String event, Instant due) {
    return new ArmedTimer(state + "#" + event, event, 1, T0, due, 0, false, null);
  }

  /** The fire of {@code timer} at its due instant. */
  public static Event fireOf(ArmedTimer timer) {
    return Event.timerFire(timer.event(), new TimerFire(timer.key(), timer.entryId(), timer.due()));
  }

  // ---- events ----

  /** Enqueues {@code type} for {@code instanceId} (an {@code order}), available at {@code at}. */
  protected QueuedEvent enqueue(String instanceId, String type, Instant at) {
    return store.queue().enqueue(event(instanceId, type, at));
  }

  /** Enqueues {@code type} with {@code priority}. */
  protected QueuedEvent enqueue(String instanceId, String type, Instant at, Priority priority) {
    return store.queue().enqueue(event(instanceId, type, at).withPriority(priority));
  }

  /** An event for an {@code order} instance, from the API, available when enqueued. */
  public static QueuedEvent event(String instanceId, String type, Instant at) {
    return QueuedEvent.of(instanceId, "order", Event.of(type), "api", at);
  }

  /** {@code event} after failed attempt number {@code attempts + 1} at {@code at}. */
  public static QueuedEvent failedAttempt(QueuedEvent event, Instant at, Instant retryAt) {
    return event.failed(new AttemptError(event.attempts() + 1, at, "Boom: attempt"), retryAt);
  }

  // ---- leases and commits ----

  /** Leases {@code instanceId} for {@code w1} at {@code now}; it must be free. */
  protected Claim lease(String instanceId, Instant now) {
    return store.work().lease(instanceId, "w1", LEASE, now).orElseThrow();
  }

  /** Claims for {@code w1} at {@code now}: 10 instances of {@code order} or {@code invoice}. */
  protected List<Claim> claim(Instant now) {
    return store.work().claim(request(now));
  }

  /** What {@link #claim(Instant)} asks for. */
  public static ClaimRequest request(Instant now) {
    return new ClaimRequest("w1", LEASE, now, 10, 10, Map.of("order", 10, "invoice", 10), true);
  }

  /** The ids of the instances a claim at {@code now} leases. */
  protected List<String> claimedIds(Instant now) {
    return claim(now).stream().map(c -> c.instance().id()).toList();
  }

  /** A commit of work done under {@code claim}: its instance, one revision up. */
  public static StepCommit.Builder update(Claim claim) {
    return StepCommit.update(claim.lease(), InstanceBuilder.nextOf(claim.instance()).build());
  }

  /** A commit of work done under {@code claim} ending with {@code next}. */
  public static StepCommit.Builder update(Claim claim, InstanceBuilder next) {
    return StepCommit.update(claim.lease(), next.build());
  }

  /** Writes {@code commits} in one call. */
  protected CommitResult commit(StepCommit.Builder... commits) {
    return store.work().commit(Arrays.stream(commits).map(StepCommit.Builder::build).toList());
  }

  /** Writes {@code commits} in one call and checks every group was written. */
  protected void commitAll(StepCommit.Builder... commits) {
    assertThat(commit(commits).refused()).isEmpty();
  }

  /** The types of the events a claim at {@code now} brings for {@code instanceId}. */
  protected List<String> claimedTypes(String instanceId, Instant now) {
    return claim(now).stream()
        .filter(c -> c.instance().id().equals(instanceId))
        .findFirst()
        .map(c -> c.events().stream().map(e -> e.event().type()).toList())
        .orElseThrow(() -> new AssertionError(instanceId + " was not claimed at " + now));
  }

  /**
   * The types of the events available to {@code instanceId} at {@code now}, in queue order: claims
   * every instance with work due and gives the leases straight back. Empty when it is not due.
   */
  protected List<String> availableTypes(String instanceId, Instant now) {
    List<Claim> claims =
        store
            .work()
            .claim(
                new ClaimRequest(
                    "peek",
                    LEASE,
                    now,
                    1_000,
                    1_000,
                    Map.of("order", 1_000, "invoice", 1_000),
                    true));
    claims.forEach(c -> store.work().release(c.lease()));
    return claims.stream()
        .filter(c -> c.instance().id().equals(instanceId))
        .findFirst()
        .map(c -> c.events().stream().map(e -> e.event().type()).toList())
        .orElse(List.of());
  }
}
