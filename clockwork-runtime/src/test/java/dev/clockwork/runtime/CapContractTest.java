package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.forwarding.ForwardingWorkStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The per-machine concurrency cap counts running actions: never more than the cap of a machine's
 * actions run at once, on one engine or several sharing the store, and a turn whose actions have
 * run holds no slot while its commit is being written. Shown with latches, never by timing.
 * Subclass once per store.
 */
@Timeout(120)
public abstract class CapContractTest {
  private static final int CAP = 3;

  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();
  private final AtomicInteger ran = new AtomicInteger();
  private final Semaphore leave = new Semaphore(0);
  private final List<Engine> engines = new ArrayList<>();
  protected Store store;

  /** An empty store for each test. */
  protected abstract Store newStore();

  /** The store a second node of the same deployment uses (the same one when it is in-process). */
  protected Store anotherNode() {
    return store;
  }

  @BeforeEach
  void setUpStore() {
    store = newStore();
  }

  @AfterEach
  void closeEngines() {
    leave.release(10_000);
    engines.forEach(Engine::close);
  }

  private Engine engine(Store on, int threads) {
    Engine engine =
        Engine.builder()
            .register(jobs())
            .config(Settings.parse("queue:\n  concurrency: " + CAP + "\n", "test.yaml"))
            .settings(s -> s.workers(w -> w.threads(threads)))
            .store(on)
            .clock(Clock.systemUTC())
            .build();
    engines.add(engine);
    return engine;
  }

  /** An action that counts itself as running until the test lets one action leave. */
  private void blockUntilLetGo(ActionScope scope) {
    int now = running.incrementAndGet();
    mostAtOnce.accumulateAndGet(now, Math::max);
    try {
      leave.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      running.decrementAndGet();
      ran.incrementAndGet();
    }
  }

  private MachineDefinition jobs() {
    return Machine.define("job")
        .initial("waiting")
        .state("waiting", s -> s.on("WORK", t -> t.to("done").action(this::blockUntilLetGo)))
        .state("done")
        .build();
  }

  private static void backlog(Engine engine, int instances) {
    for (int i = 0; i < instances; i++) {
      engine.create(NewInstance.of("job").id(String.format("job-%04d", i)));
      engine.enqueue(String.format("job-%04d", i), Event.of("WORK"));
    }
  }

  @Test
  void twoEnginesRunExactlyTheCapOfActionsAtOnceUntilTheWorkRunsOut() {
    Engine first = engine(store, 8);
    Engine second = engine(anotherNode(), 8);
    int instances = CAP + 5;
    backlog(first, instances);
    first.start();
    second.start();

    for (int left = instances; left > 0; left--) {
      int expected = Math.min(CAP, left);
      await().atMost(Duration.ofSeconds(30)).until(() -> running.get() == expected);
      assertThat(mostAtOnce.get()).as("never more than the cap at once").isEqualTo(CAP);
      leave.release();
      int done = instances - left + 1;
      await().atMost(Duration.ofSeconds(30)).until(() -> ran.get() == done);
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> store.queue().pendingEvents() == 0);
    assertThat(mostAtOnce.get()).isEqualTo(CAP);
    assertThat(first.instances().get(String.format("job-%04d", instances - 1)).states())
        .containsExactly("done");
  }

  @Test
  void aTurnWaitingForItsCommitHoldsNoSlot() throws Exception {
    HeldCommits held = new HeldCommits(store);
    Engine engine = engine(held, 8);
    int instances = CAP * 2;
    backlog(engine, instances);
    held.hold();
    engine.start();

    leave.release(instances);
    // every action runs although no commit of the first turns has been written yet
    await().atMost(Duration.ofSeconds(30)).until(() -> ran.get() == instances);
    assertThat(held.written()).isZero();
    assertThat(mostAtOnce.get()).isLessThanOrEqualTo(CAP);

    held.let();
    await().atMost(Duration.ofSeconds(30)).until(() -> store.queue().pendingEvents() == 0);
    for (int i = 0; i < instances; i++) {
      assertThat(engine.instances().get(String.format("job-%04d", i)).states())
          .containsExactly("done");
    }
  }

  @Test
  void aNodesClaimsNameTheInstancesItsTurnsHoldSoTheStoreNeedNotReadTheirLeases() {
    ClaimsSeen seen = new ClaimsSeen(store);
    Engine engine = engine(seen, 8);
    backlog(engine, CAP);
    engine.start();

    // the three actions block: their turns hold their instances while the node claims again
    await().atMost(Duration.ofSeconds(30)).until(() -> running.get() == CAP);
    List<String> runningIds = List.of("job-0000", "job-0001", "job-0002");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> seen.held().stream().anyMatch(held -> held.containsAll(runningIds)));

    leave.release(CAP);
    await().atMost(Duration.ofSeconds(30)).until(() -> store.queue().pendingEvents() == 0);
  }

  /** A store that keeps what every claim said its node held. */
  private static final class ClaimsSeen extends ForwardingStore {
    private final List<Set<String>> held = new CopyOnWriteArrayList<>();
    private final WorkStore work;

    ClaimsSeen(Store delegate) {
      super(delegate);
      this.work =
          new ForwardingWorkStore(delegate.work()) {
            @Override
            public List<Claim> claim(ClaimRequest request) {
              held.add(request.held());
              return super.claim(request);
            }
          };
    }

    List<Set<String>> held() {
      return held;
    }

    @Override
    public WorkStore work() {
      return work;
    }
  }

  /** A store whose commits wait while held: a flush that takes long. */
  private static final class HeldCommits extends ForwardingStore {
    private final AtomicInteger written = new AtomicInteger();
    private volatile CountDownLatch gate = new CountDownLatch(0);
    private final WorkStore work;

    HeldCommits(Store delegate) {
      super(delegate);
      this.work =
          new ForwardingWorkStore(delegate.work()) {
            @Override
            public CommitResult commit(List<StepCommit> commits) {
              try {
                gate.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              CommitResult result = super.commit(commits);
              written.incrementAndGet();
              return result;
            }
          };
    }

    void hold() {
      written.set(0);
      gate = new CountDownLatch(1);
    }

    void let() {
      gate.countDown();
    }

    int written() {
      return written.get();
    }

    @Override
    public WorkStore work() {
      return work;
    }
  }
}
