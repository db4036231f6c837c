package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes (two engines over one instance store, two schedule services over one schedule store)
 * tick the same ten every-minute schedules at the same moments for 100 minutes: 1,000 occurrences
 * must give exactly 1,000 instances, each recorded once.
 */
class ConcurrentTickTest {
  static final Instant START = Instant.parse("2026-03-01T00:00:30Z");
  static final int SCHEDULES = 10;
  static final int MINUTES = 100;

  final VirtualClock clock = VirtualClock.at(START);
  final Store instances = new InMemoryStore();
  final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  Schedules node(String name, ScheduleStore store) {
    Engine engine =
        Engine.builder().clock(clock).store(instances).register(ScheduleFixture.PULSE).build();
    return Schedules.builder(engine).store(store).options(o -> o.owner(name)).build();
  }

  @Test
  void twoNodesStartExactlyOneInstancePerOccurrence() throws Exception {
    InMemoryScheduleStore store = new InMemoryScheduleStore();
    List<TickResult> rows = run(node("node-a", store), node("node-b", store), store);
    assertThat(rows).hasSize(SCHEDULES * MINUTES);
  }

  @Test
  void evenWhenBothNodesEvaluateTheSameOccurrences() throws Exception {
    InMemoryScheduleStore store = new InMemoryScheduleStore();
    ScheduleStore unfenced = new ClaimsIgnored(store);
    run(node("node-a", unfenced), node("node-b", unfenced), store);
  }

  private List<TickResult> run(Schedules a, Schedules b, InMemoryScheduleStore store)
      throws Exception {
    for (int i = 0; i < SCHEDULES; i++) {
      a.create(
          ScheduleRequest.builder("minutely-" + i)
              .startMachine("pulse", Map.of())
              .cron("* * * * *")
              .overlapPolicy(OverlapPolicy.ALLOW_ALL)
              .build());
    }
    List<TickResult> rows = Collections.synchronizedList(new ArrayList<>());
    CyclicBarrier together = new CyclicBarrier(2);
    for (int minute = 1; minute <= MINUTES; minute++) {
      clock.moveTo(START.plusSeconds(60L * minute));
      Future<?> first = pool.submit(() -> tick(a, together, rows));
      Future<?> second = pool.submit(() -> tick(b, together, rows));
      first.get();
      second.get();
    }
    assertThat(instances.instances().instanceIds("pulse")).hasSize(SCHEDULES * MINUTES);
    for (int i = 0; i < SCHEDULES; i++) {
      String id = "minutely-" + i;
      assertThat(a.describe(id).firesCount()).as(id).isEqualTo(MINUTES);
      List<ScheduleAuditEvent> triggered =
          a.history(id, 500, 0).events().stream()
              .filter(e -> e.type() == ScheduleEventType.ScheduleTriggered)
              .toList();
      assertThat(triggered).as(id).hasSize(MINUTES);
      assertThat(triggered)
          .extracting(e -> e.payload().get("occurrence_time"))
          .doesNotHaveDuplicates();
      assertThat(store.history("default", id, 0, 500))
          .extracting(ScheduleAuditEvent::sequence)
          .doesNotHaveDuplicates();
    }
    return rows;
  }

  private static Void tick(Schedules node, CyclicBarrier together, List<TickResult> rows)
      throws Exception {
    together.await();
    rows.addAll(node.tick());
    return null;
  }

  /** A store whose claims hold nothing back, as if every claim had expired at once. */
  static final class ClaimsIgnored extends ForwardingScheduleStore {
    ClaimsIgnored(InMemoryScheduleStore delegate) {
      super(delegate);
    }

    @Override
    public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration lease) {
      return delegate.list("default", false, null, limit).stream()
          .filter(r -> r.isDue(now) || r.needsDrainCheck(now))
          .toList();
    }
  }
}
