package dev.clockwork.postgres;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.core.time.Timer;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.internal.HistoryRows;
import dev.clockwork.runtime.internal.SnapshotCodec;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A clean store on embedded PostgreSQL for each test, and helpers to fill it. */
abstract class StoreFixture {
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  static final Duration LEASE = Duration.ofSeconds(30);

  /** An order that expires one hour after it starts waiting. */
  static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("waiting")
          .state(
              "waiting",
              s -> s.on("PAY", "paid").on("EXPIRE", t -> t.to("expired").after(Timer.hours(1))))
          .state("paid")
          .state("expired")
          .build();

  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  PostgresStore store;

  @BeforeEach
  void cleanStore() {
    DB.truncateClockworkTables();
    store = PostgresStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  InstanceRecord create(String id, Instant at) {
    StepResult started = Interpreter.start(ORDER, Map.of(), at);
    List<HistoryEntry> history = HistoryRows.created(id, "conv-" + id, started, null, at);
    InstanceRecord record = SnapshotCodec.created(id, "conv-" + id, started.snapshot(), 1, at);
    store.create(record, history);
    return record;
  }

  QueuedEvent enqueue(String id, String type, Instant at) {
    return store.enqueue(QueuedEvent.of(id, "order", Event.of(type), "api", at));
  }

  /** A commit that changes nothing but the revision, consuming {@code consumed}. */
  static StepCommit commitOf(Claim claim, List<Long> consumed, boolean release) {
    return commitOf(claim, consumed, List.of(), release);
  }

  static StepCommit commitOf(
      Claim claim, List<Long> consumed, List<QueuedEvent> outgoing, boolean release) {
    InstanceRecord next = claim.instance().withRevision(claim.instance().revision() + 1);
    return new StepCommit(claim.lease(), next, List.of(), consumed, outgoing, release);
  }

  /** The instance's {@code next_event_at} column. */
  Instant nextEventAt(String id) {
    Object value = DB.single("SELECT next_event_at FROM cw_instances WHERE id = ?", id);
    return value == null ? null : ((java.sql.Timestamp) value).toInstant();
  }
}
