package dev.clockwork.postgres.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two nodes, each with its own engine, instance store and schedule store on one database, tick the
 * same ten every-minute schedules at the same moments for 100 minutes: 1,000 occurrences start
 * exactly 1,000 instances, each recorded once in its schedule's audit stream.
 */
class TwoNodesTickTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  static final Instant START = Instant.parse("2026-03-01T00:00:30Z");
  static final int SCHEDULES = 10;
  static final int MINUTES = 100;
  static final MachineDefinition PULSE =
      Machine.define("pulse").initial("done").finalState("done").build();

  final VirtualClock clock = VirtualClock.at(START);
  final ExecutorService pool = Executors.newFixedThreadPool(2);
  final List<PostgresStore> stores = new ArrayList<>();
  final List<Engine> engines = new ArrayList<>();

  @BeforeEach
  void cleanDatabase() {
    DB.truncateClockworkTables();
  }

  @AfterEach
  void stop() {
    pool.shutdownNow();
    engines.forEach(Engine::close);
    stores.forEach(PostgresStore::close);
  }

  Schedules node(String name, boolean claimsHold) {
    PostgresStore store =
        PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
    stores.add(store);
    Engine engine = Engine.builder().clock(clock).store(store).register(PULSE).build();
    engines.add(engine);
    ScheduleStore schedules = store.schedules();
    return Schedules.builder(engine)
        .store(claimsHold ? schedules : new ClaimsIgnored(schedules))
        .options(o -> o.owner(name))
        .build();
  }

  @Test
  void twoNodesStartExactlyOneInstancePerOccurrence() throws Exception {
    List<TickResult> rows = run(node("node-a", true), node("node-b", true), MINUTES);
    assertThat(rows).hasSize(SCHEDULES * MINUTES);
    assertThat(rows).extracting(TickResult::outcome).containsOnly(TriggerOutcome.STARTED);
  }

  @Test
  void evenWhenBothNodesEvaluateTheSameOccurrences() throws Exception {
    run(node("node-a", false), node("node-b", false), 20);
  }

  private List<TickResult> run(Schedules a, Schedules b, int minutes) throws Exception {
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
    for (int minute = 1; minute <= minutes; minute++) {
      clock.moveTo(START.plusSeconds(60L * minute));
      Future<?> first = pool.submit(() -> tick(a, together, rows));
      Future<?> second = pool.submit(() -> tick(b, together, rows));
      first.get();
      second.get();
    }
    assertThat(DB.single("SELECT count(*) FROM cw_instances WHERE machine = 'pulse'"))
        .isEqualTo((long) SCHEDULES * minutes);
    for (int i = 0; i < SCHEDULES; i++) {
      String id = "minutely-" + i;
      assertThat(b.describe(id).firesCount()).as(id).isEqualTo(minutes);
      assertThat(
              DB.single(
                  "SELECT count(DISTINCT payload->>'occurrence_time') FROM cw_schedule_events"
                      + " WHERE schedule_id = ? AND event_type = 'ScheduleTriggered'",
                  id))
          .as(id)
          .isEqualTo((long) minutes);
      assertThat(
              DB.single(
                  "SELECT count(*) FROM cw_schedule_events"
                      + " WHERE schedule_id = ? AND event_type = 'ScheduleTriggered'",
                  id))
          .as(id)
          .isEqualTo((long) minutes);
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
  static final class ClaimsIgnored implements ScheduleStore {
    private final ScheduleStore delegate;

    ClaimsIgnored(ScheduleStore delegate) {
      this.delegate = delegate;
    }

    @Override
    public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration lease) {
      return delegate.list("default", false, null, limit).stream()
          .filter(r -> r.isDue(now) || r.needsDrainCheck(now))
          .toList();
    }

    @Override
    public ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created) {
      return delegate.create(record, created);
    }

    @Override
    public Optional<ScheduleRecord> find(String namespace, String scheduleId) {
      return delegate.find(namespace, scheduleId);
    }

    @Override
    public List<ScheduleRecord> list(
        String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
      return delegate.list(namespace, includeDeleted, afterScheduleId, limit);
    }

    @Override
    public boolean commit(ScheduleCommit commit) {
      return delegate.commit(commit);
    }

    @Override
    public void release(String namespace, String scheduleId, String owner) {
      delegate.release(namespace, scheduleId, owner);
    }

    @Override
    public List<ScheduleAuditEvent> history(
        String namespace, String scheduleId, long afterSequence, int limit) {
      return delegate.history(namespace, scheduleId, afterSequence, limit);
    }

    @Override
    public List<SkippedOccurrence> skipped(
        String namespace, String scheduleId, long afterSequence, int limit) {
      return delegate.skipped(namespace, scheduleId, afterSequence, limit);
    }

    @Override
    public List<BufferedTrigger> buffered(String namespace, String scheduleId) {
      return delegate.buffered(namespace, scheduleId);
    }

    @Override
    public int purgeDeleted(Instant deletedBefore, int limit) {
      return delegate.purgeDeleted(deletedBefore, limit);
    }

    @Override
    public Optional<Instant> nextFireAt() {
      return delegate.nextFireAt();
    }
  }
}
