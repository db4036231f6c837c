package dev.clockwork.schedule.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link ScheduleStore} must have. Subclass it once per store; {@link
 * #newStore()} returns an empty store for each test.
 */
public abstract class ScheduleStoreContractTest {
  protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  protected static final Duration LEASE = Duration.ofSeconds(30);
  protected static final ScheduleSettings SETTINGS =
      ScheduleSettings.of(
          ScheduleSpec.cron("0 * * * *"), ScheduleAction.startMachine("job", Map.of()));

  protected ScheduleStore store;

  /** An empty store. */
  protected abstract ScheduleStore newStore();

  @BeforeEach
  void setUpStore() {
    store = newStore();
  }

  protected ScheduleRecord schedule(String namespace, String id, Instant nextFireAt) {
    return ScheduleRecord.created(
        namespace, id, "01J" + id.toUpperCase(), SETTINGS, nextFireAt, nextFireAt, T0);
  }

  protected ScheduleRecord create(String namespace, String id, Instant nextFireAt) {
    ScheduleRecord record = schedule(namespace, id, nextFireAt);
    store.create(record, created(record));
    return record;
  }

  protected static ScheduleAuditEvent created(ScheduleRecord record) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("spec", record.settings().spec().toMap());
    payload.put("action", record.settings().action().toMap());
    payload.put("overlap_policy", "skip");
    payload.put("next_fire_at", String.valueOf(record.nextFireAt()));
    return ScheduleAuditEvent.draft(
        record.namespace(),
        record.scheduleId(),
        ScheduleEventType.ScheduleCreated,
        T0,
        null,
        payload);
  }

  protected static ScheduleAuditEvent skippedEvent(ScheduleRecord record, long count) {
    Map<String, Object> payload = new HashMap<>();
    payload.put("reason", "overlap_policy_skip");
    payload.put("skipped_trigger_count", count);
    payload.put("last_skipped_at", T0.toString());
    return ScheduleAuditEvent.draft(
        record.namespace(),
        record.scheduleId(),
        ScheduleEventType.ScheduleTriggerSkipped,
        T0,
        null,
        payload);
  }

  /** A commit that moves the next fire and appends the given audit events. */
  protected static ScheduleCommit moved(
      ScheduleRecord from, Instant nextFireAt, boolean release, ScheduleAuditEvent... audit) {
    ScheduleRecord next =
        from.toBuilder().next(nextFireAt, nextFireAt).revision(from.revision() + 1).build();
    return new ScheduleCommit(next, List.of(audit), List.of(), List.of(), List.of(), release);
  }

  @Test
  void createsAndFindsSchedulesPerNamespace() {
    create("default", "report", T0);
    create("billing", "report", T0.plusSeconds(60));
    assertThat(store.find("default", "report").orElseThrow().nextFireAt()).isEqualTo(T0);
    assertThat(store.find("billing", "report").orElseThrow().nextFireAt())
        .isEqualTo(T0.plusSeconds(60));
    assertThat(store.find("other", "report")).isEmpty();
    assertThat(store.history("default", "report", 0, 10))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.sequence()).isEqualTo(1);
              assertThat(e.type()).isEqualTo(ScheduleEventType.ScheduleCreated);
            });
  }

  @Test
  void refusesADuplicateIdInOneNamespace() {
    create("default", "report", T0);
    assertThatThrownBy(() -> create("default", "report", T0))
        .isInstanceOf(DuplicateScheduleException.class)
        .hasMessageContaining("'report'")
        .hasMessageContaining("'default'");
    assertThat(store.history("default", "report", 0, 10)).hasSize(1);
  }

  @Test
  void commitsOnlyAgainstTheExpectedRevision() {
    ScheduleRecord first = create("default", "report", T0);
    assertThat(store.commit(moved(first, T0.plusSeconds(3600), false))).isTrue();
    assertThat(store.commit(moved(first, T0.plusSeconds(7200), false))).isFalse();
    ScheduleRecord stored = store.find("default", "report").orElseThrow();
    assertThat(stored.revision()).isEqualTo(2);
    assertThat(stored.nextFireAt()).isEqualTo(T0.plusSeconds(3600));
  }

  @Test
  void commitAllWritesEachCommitWhoseRevisionHoldsAndNoOther() {
    ScheduleRecord a = create("default", "a", T0);
    ScheduleRecord b = create("default", "b", T0);
    ScheduleRecord c = create("default", "c", T0);
    ScheduleRecord otherA = create("billing", "a", T0);
    assertThat(store.claimDue(T0, 10, "node-1", LEASE)).hasSize(4);
    assertThat(store.commit(moved(b, T0.plusSeconds(60), false))).isTrue(); // b moves on
    Instant exact = T0.plusSeconds(3600).plusNanos(1);
    PendingTrigger trigger =
        new PendingTrigger(
            1,
            "schedule:a:" + T0,
            T0,
            ScheduleAction.startMachine("job", Map.of("mode", "nightly")),
            Collections.singletonMap("cron_expression", null),
            OverlapPolicy.ALLOW_ALL,
            null);
    ScheduleRecord aNext =
        a.toBuilder()
            .next(exact, exact)
            .fired(T0, "schedule:a:" + T0)
            .pending(trigger)
            .revision(2)
            .build();

    List<Boolean> written =
        store.commitAll(
            List.of(
                new ScheduleCommit(
                    aNext, List.of(skippedEvent(a, 1)), List.of(), List.of(), List.of(), true),
                moved(b, T0.plusSeconds(7200), true, skippedEvent(b, 9)),
                moved(c, T0, false, skippedEvent(c, 1), skippedEvent(c, 2)),
                moved(otherA, T0, true)));

    assertThat(written).containsExactly(true, false, true, true);
    ScheduleRecord storedA = store.find("default", "a").orElseThrow();
    assertThat(storedA.revision()).isEqualTo(2);
    assertThat(storedA.nextFireAt()).isEqualTo(exact);
    assertThat(storedA.firesCount()).isEqualTo(1);
    assertThat(storedA.pending()).containsExactly(trigger);
    assertThat(store.find("default", "b").orElseThrow().nextFireAt())
        .as("b as its earlier commit left it")
        .isEqualTo(T0.plusSeconds(60));
    assertThat(store.history("default", "b", 0, 10)).hasSize(1);
    assertThat(store.history("default", "c", 0, 10))
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(1L, 2L, 3L);
    assertThat(
            ((Number)
                    store
                        .history("default", "c", 2, 1)
                        .get(0)
                        .payload()
                        .get("skipped_trigger_count"))
                .longValue())
        .isEqualTo(2);
    assertThat(store.history("default", "a", 0, 10))
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(1L, 2L);
    assertThat(store.find("billing", "a").orElseThrow().revision()).isEqualTo(2);
    assertThat(store.claimDue(T0.plusSeconds(1), 10, "node-2", LEASE))
        .as(
            "claimable: billing/a (due) and a (a pending trigger), whose commits gave their claims"
                + " up; not c, due, whose commit kept its claim")
        .extracting(r -> r.namespace() + "/" + r.scheduleId())
        .containsExactlyInAnyOrder("billing/a", "default/a");
  }

  @Test
  void commitAllWritesSkipsAndBufferChangesWithTheOthers() {
    ScheduleRecord a = create("default", "a", T0);
    ScheduleRecord b = create("default", "b", T0);
    SkippedOccurrence skip = new SkippedOccurrence("default", "a", 0, T0, "catchup_once", null, T0);
    BufferedTrigger buffered = new BufferedTrigger(T0.plusSeconds(1), T0);

    List<Boolean> written =
        store.commitAll(
            List.of(
                new ScheduleCommit(
                    a.toBuilder().bufferedCount(1).revision(2).build(),
                    List.of(skippedEvent(a, 1)),
                    List.of(skip),
                    List.of(buffered),
                    List.of(),
                    false),
                moved(b, T0.plusSeconds(60), false, skippedEvent(b, 1))));

    assertThat(written).containsExactly(true, true);
    assertThat(store.skipped("default", "a", 0, 10))
        .extracting(SkippedOccurrence::sequence)
        .containsExactly(1L);
    assertThat(store.buffered("default", "a")).containsExactly(buffered);
    assertThat(store.history("default", "a", 0, 10)).hasSize(2);
    assertThat(store.history("default", "b", 0, 10)).hasSize(2);
    assertThat(store.commitAll(List.of())).isEmpty();

    ScheduleRecord a2 = store.find("default", "a").orElseThrow();
    ScheduleRecord b2 = store.find("default", "b").orElseThrow();
    List<Boolean> skipsOnly =
        store.commitAll(
            List.of(
                new ScheduleCommit(
                    a2.toBuilder().revision(3).build(),
                    List.of(),
                    List.of(skip),
                    List.of(),
                    List.of(),
                    false),
                new ScheduleCommit(
                    b2.toBuilder().revision(2).build(), // stale: b is at revision 2
                    List.of(),
                    List.of(skip),
                    List.of(),
                    List.of(),
                    false)));
    assertThat(skipsOnly).containsExactly(true, false);
    assertThat(store.skipped("default", "a", 0, 10)).hasSize(2);
    assertThat(store.skipped("default", "b", 0, 10)).isEmpty();
  }

  @Test
  void refusesACommitToAnUnknownSchedule() {
    ScheduleRecord never = schedule("default", "ghost", T0);
    assertThat(store.commit(moved(never, T0, true))).isFalse();
    assertThat(store.find("default", "ghost")).isEmpty();
  }

  @Test
  void numbersAuditEventsPerScheduleFromOne() {
    ScheduleRecord a = create("default", "a", T0);
    ScheduleRecord b = create("default", "b", T0);
    store.commit(moved(a, T0, false, skippedEvent(a, 1), skippedEvent(a, 2)));
    store.commit(moved(b, T0, false, skippedEvent(b, 1)));
    assertThat(store.history("default", "a", 0, 10))
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(1L, 2L, 3L);
    assertThat(store.history("default", "b", 0, 10))
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(1L, 2L);
  }

  @Test
  void pagesHistoryAfterASequence() {
    ScheduleRecord a = create("default", "a", T0);
    store.commit(moved(a, T0, false, skippedEvent(a, 1), skippedEvent(a, 2), skippedEvent(a, 3)));
    assertThat(store.history("default", "a", 1, 2))
        .extracting(ScheduleAuditEvent::sequence)
        .containsExactly(2L, 3L);
    assertThat(store.history("default", "a", 4, 10)).isEmpty();
    assertThat(store.history("billing", "a", 0, 10)).isEmpty();
  }

  @Test
  void keepsEveryPayloadValue() {
    ScheduleRecord a = create("default", "a", T0);
    store.commit(moved(a, T0, false, skippedEvent(a, 7)));
    ScheduleAuditEvent written = store.history("default", "a", 1, 1).get(0);
    assertThat(written.payload())
        .containsEntry("reason", "overlap_policy_skip")
        .containsEntry("last_skipped_at", T0.toString());
    assertThat(((Number) written.payload().get("skipped_trigger_count")).longValue()).isEqualTo(7);
    assertThat(written.recordedAt()).isEqualTo(T0);
  }

  @Test
  void claimsDueActiveSchedulesEarliestFirst() {
    create("default", "late", T0.plusSeconds(120));
    create("default", "early", T0.plusSeconds(60));
    create("billing", "not-yet", T0.plusSeconds(600));
    ScheduleRecord paused = create("default", "paused", T0);
    store.commit(
        new ScheduleCommit(
            paused.toBuilder().status(ScheduleStatus.PAUSED).revision(2).build(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            false));
    List<ScheduleRecord> claimed = store.claimDue(T0.plusSeconds(300), 10, "node-1", LEASE);
    assertThat(claimed).extracting(ScheduleRecord::scheduleId).containsExactly("early", "late");
  }

  @Test
  void keepsPendingTriggersExactly() {
    ScheduleRecord a = create("default", "a", T0);
    Map<String, Object> lineage = new LinkedHashMap<>();
    lineage.put("schedule_id", "a");
    lineage.put("cron_expression", null);
    lineage.put("trigger_number", 1L);
    PendingTrigger start =
        new PendingTrigger(
            1,
            "schedule:a:2026-01-01T00:00:00.000000001Z",
            T0.plusNanos(1),
            ScheduleAction.startMachine("job", Map.of("mode", "nightly")),
            lineage,
            OverlapPolicy.CANCEL_OTHER,
            "schedule:a:2025-12-31T23:00:00Z",
            new PendingTrigger.RunMetadata(
                "nightly-queue",
                Map.of("team", "billing"),
                Map.of("note", Map.of("owner", "ops")),
                Map.of("tenant", "acme")));
    PendingTrigger send = remindOrder1(2);
    ScheduleRecord next =
        a.toBuilder().pending(start).pending(send).revision(a.revision() + 1).build();
    assertThat(store.commit(commit(next, false))).isTrue();
    assertThat(store.find("default", "a").orElseThrow().pending()).containsExactly(start, send);

    ScheduleRecord dropped =
        next.toBuilder().carriedOut(List.of(1L, 2L)).revision(next.revision() + 1).build();
    assertThat(store.commit(commit(dropped, false))).isTrue();
    assertThat(store.find("default", "a").orElseThrow().pending()).isEmpty();
  }

  @Test
  void claimsSchedulesWithPendingTriggersWhateverTheirStatus() {
    ScheduleRecord paused = create("default", "paused", T0.plusSeconds(3600));
    PendingTrigger trigger =
        new PendingTrigger(
            1,
            "schedule:paused:manual:1",
            T0,
            ScheduleAction.startMachine("job", Map.of()),
            Map.of(),
            OverlapPolicy.ALLOW_ALL,
            null);
    ScheduleRecord held =
        paused.toBuilder()
            .status(ScheduleStatus.PAUSED)
            .next(null, null)
            .pending(trigger)
            .revision(2)
            .build();
    store.commit(commit(held, false));
    create("default", "quiet", T0.plusSeconds(3600));

    assertThat(store.claimDue(T0, 10, "node-1", LEASE))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("paused");
    assertThat(store.claimDue(T0, 10, "node-2", LEASE)).isEmpty();
    ScheduleRecord done = held.toBuilder().carriedOut(List.of(1L)).revision(3).build();
    store.commit(commit(done, true));
    assertThat(store.claimDue(T0.plus(LEASE), 10, "node-2", LEASE)).isEmpty();
  }

  private static ScheduleCommit commit(ScheduleRecord next, boolean release) {
    return new ScheduleCommit(next, List.of(), List.of(), List.of(), List.of(), release);
  }

  @Test
  void respectsTheClaimLimit() {
    for (int i = 0; i < 5; i++) {
      create("default", "s" + i, T0.plusSeconds(i));
    }
    assertThat(store.claimDue(T0.plusSeconds(10), 2, "node-1", LEASE))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("s0", "s1");
    assertThat(store.claimDue(T0.plusSeconds(10), 10, "node-2", LEASE))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("s2", "s3", "s4");
  }

  @Test
  void aClaimedScheduleIsNotClaimedAgainUntilReleasedOrExpired() {
    ScheduleRecord report = create("default", "report", T0);
    assertThat(store.claimDue(T0, 10, "node-1", LEASE)).hasSize(1);
    assertThat(store.claimDue(T0.plusSeconds(29), 10, "node-2", LEASE)).isEmpty();
    assertThat(store.claimDue(T0.plusSeconds(30), 10, "node-2", LEASE)).hasSize(1);
    store.release("default", "report", "node-1"); // not node-1's claim any more
    assertThat(store.claimDue(T0.plusSeconds(31), 10, "node-3", LEASE)).isEmpty();
    store.release("default", "report", "node-2");
    assertThat(store.claimDue(T0.plusSeconds(31), 10, "node-3", LEASE)).hasSize(1);
    assertThat(report.revision()).isEqualTo(1);
  }

  @Test
  void aCommitWithReleaseGivesUpTheClaim() {
    ScheduleRecord report = create("default", "report", T0);
    store.claimDue(T0, 10, "node-1", LEASE);
    assertThat(store.commit(moved(report, T0, true))).isTrue();
    assertThat(store.claimDue(T0, 10, "node-2", LEASE)).hasSize(1);
  }

  @Test
  void aCommitWithoutReleaseKeepsTheClaim() {
    ScheduleRecord report = create("default", "report", T0);
    store.claimDue(T0, 10, "node-1", LEASE);
    assertThat(store.commit(moved(report, T0, false))).isTrue();
    assertThat(store.claimDue(T0, 10, "node-2", LEASE)).isEmpty();
  }

  @Test
  void aMovedScheduleIsNoLongerDue() {
    ScheduleRecord report = create("default", "report", T0);
    store.claimDue(T0, 10, "node-1", LEASE);
    store.commit(moved(report, T0.plusSeconds(3600), true));
    assertThat(store.claimDue(T0.plusSeconds(10), 10, "node-1", LEASE)).isEmpty();
    assertThat(store.claimDue(T0.plusSeconds(3600), 10, "node-1", LEASE)).hasSize(1);
  }

  @Test
  void concurrentClaimsNeverShareASchedule() throws Exception {
    for (int i = 0; i < 200; i++) {
      create("default", "s" + i, T0);
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<ScheduleRecord>>> claims = new ArrayList<>();
      for (int node = 0; node < 8; node++) {
        String owner = "node-" + node;
        claims.add(pool.submit(() -> store.claimDue(T0, 40, owner, LEASE)));
      }
      List<String> all = Collections.synchronizedList(new ArrayList<>());
      for (Future<List<ScheduleRecord>> claim : claims) {
        claim.get().forEach(r -> all.add(r.scheduleId()));
      }
      assertThat(all).hasSize(200).doesNotHaveDuplicates();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void keepsTheBufferInOccurrenceOrder() {
    ScheduleRecord report = create("default", "report", T0);
    Instant first = T0.plusSeconds(60);
    Instant second = T0.plusSeconds(120);
    ScheduleRecord next = report.toBuilder().bufferedCount(2).revision(2).build();
    store.commit(
        new ScheduleCommit(
            next,
            List.of(),
            List.of(),
            List.of(new BufferedTrigger(second, T0), new BufferedTrigger(first, T0)),
            List.of(),
            false));
    assertThat(store.buffered("default", "report"))
        .extracting(BufferedTrigger::occurrence)
        .containsExactly(first, second);
    store.commit(
        new ScheduleCommit(
            next.toBuilder().bufferedCount(1).revision(3).build(),
            List.of(),
            List.of(),
            List.of(),
            List.of(first),
            false));
    assertThat(store.buffered("default", "report"))
        .extracting(BufferedTrigger::occurrence)
        .containsExactly(second);
  }

  @Test
  void claimsASchedulesWithABufferOncePerTickInstant() {
    ScheduleRecord report = create("default", "report", T0.plusSeconds(3600));
    ScheduleRecord buffered = report.toBuilder().bufferedCount(1).revision(2).build();
    store.commit(
        new ScheduleCommit(
            buffered,
            List.of(),
            List.of(),
            List.of(new BufferedTrigger(T0, T0)),
            List.of(),
            false));
    assertThat(store.claimDue(T0, 10, "node-1", LEASE)).hasSize(1);
    store.commit(
        new ScheduleCommit(
            buffered.toBuilder().checkedAt(T0).revision(3).build(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            true));
    assertThat(store.claimDue(T0, 10, "node-1", LEASE)).isEmpty();
    assertThat(store.claimDue(T0.plusSeconds(1), 10, "node-1", LEASE)).hasSize(1);
  }

  @Test
  void numbersSkippedOccurrencesPerSchedule() {
    ScheduleRecord report = create("default", "report", T0);
    SkippedOccurrence skip =
        new SkippedOccurrence("default", "report", 0, T0, "catchup_once", null, T0);
    store.commit(
        new ScheduleCommit(
            report.toBuilder().revision(2).build(),
            List.of(),
            List.of(skip, skip.withSequence(0)),
            List.of(),
            List.of(),
            false));
    assertThat(store.skipped("default", "report", 0, 10))
        .extracting(SkippedOccurrence::sequence)
        .containsExactly(1L, 2L);
    assertThat(store.skipped("default", "report", 1, 10))
        .singleElement()
        .satisfies(s -> assertThat(s.reason()).isEqualTo("catchup_once"));
  }

  @Test
  void listsANamespaceByIdWithOrWithoutDeletedSchedules() {
    create("default", "b", T0);
    create("default", "a", T0);
    create("billing", "c", T0);
    ScheduleRecord gone = create("default", "d", T0);
    store.commit(
        new ScheduleCommit(
            gone.toBuilder().status(ScheduleStatus.DELETED).deleted("x", T0).revision(2).build(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            false));
    assertThat(store.list("default", false, null, 10))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("a", "b");
    assertThat(store.list("default", true, null, 10))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("a", "b", "d");
    assertThat(store.list("default", true, "a", 2))
        .extracting(ScheduleRecord::scheduleId)
        .containsExactly("b", "d");
  }

  @Test
  void aDeletedScheduleKeepsItsRowAndHistoryAndIsNeverDue() {
    ScheduleRecord report = create("default", "report", T0);
    store.commit(
        new ScheduleCommit(
            report.toBuilder()
                .status(ScheduleStatus.DELETED)
                .deleted("delete_requested", T0)
                .next(null, null)
                .revision(2)
                .build(),
            List.of(skippedEvent(report, 0)),
            List.of(),
            List.of(),
            List.of(),
            false));
    assertThat(store.find("default", "report").orElseThrow().status())
        .isEqualTo(ScheduleStatus.DELETED);
    assertThat(store.history("default", "report", 0, 10)).hasSize(2);
    assertThat(store.claimDue(T0.plusSeconds(86_400), 10, "node-1", LEASE)).isEmpty();
    assertThat(store.nextFireAt()).isEmpty();
  }

  /** Deletes {@code record} at {@code at}, writing {@code audit} more events with the deletion. */
  protected void delete(ScheduleRecord record, Instant at, int audit) {
    List<ScheduleAuditEvent> events = new ArrayList<>();
    for (int i = 0; i < audit; i++) {
      events.add(skippedEvent(record, i));
    }
    store.commit(
        new ScheduleCommit(
            record.toBuilder()
                .status(ScheduleStatus.DELETED)
                .deleted("delete_requested", at)
                .next(null, null)
                .revision(record.revision() + 1)
                .build(),
            events,
            List.of(),
            List.of(),
            List.of(),
            false));
  }

  @Test
  void purgesTheAuditOfSchedulesDeletedBeforeTheCutInBatches() {
    ScheduleRecord old = create("default", "old", T0);
    ScheduleRecord older = create("billing", "older", T0);
    ScheduleRecord recent = create("default", "recent", T0);
    create("default", "live", T0);
    delete(older, T0.plusSeconds(10), 2); // 3 rows, deleted first
    delete(old, T0.plusSeconds(20), 1); // 2 rows
    delete(recent, T0.plusSeconds(100), 1); // 2 rows, deleted after the cut
    Instant cut = T0.plusSeconds(50);

    assertThat(store.purgeDeleted(cut, 2)).isEqualTo(2);
    assertThat(store.history("billing", "older", 0, 10))
        .as("the schedule deleted longest ago goes first")
        .hasSize(1);
    assertThat(store.history("default", "old", 0, 10)).hasSize(2);
    assertThat(store.purgeDeleted(cut, 10))
        .as("3 audit rows, then the 2 schedule rows left with nothing")
        .isEqualTo(5);
    assertThat(store.purgeDeleted(cut, 10)).isZero();

    assertThat(store.history("billing", "older", 0, 10)).isEmpty();
    assertThat(store.history("default", "old", 0, 10)).isEmpty();
    assertThat(store.history("default", "recent", 0, 10)).hasSize(2);
    assertThat(store.history("default", "live", 0, 10)).hasSize(1);
    assertThat(store.find("default", "old"))
        .as("the emptied row goes: its id is free again")
        .isEmpty();
    assertThat(store.find("default", "recent").orElseThrow().status())
        .isEqualTo(ScheduleStatus.DELETED);
    assertThat(store.purgeDeleted(T0.plusSeconds(101), 10)).isEqualTo(3);
    assertThat(store.history("default", "live", 0, 10)).hasSize(1);
  }

  @Test
  void purgesTheSkipsAndBufferOfDeletedSchedulesThenTheirRows() {
    ScheduleRecord gone = create("default", "gone", T0);
    ScheduleRecord live = create("default", "live", T0);
    store.commitAll(List.of(withSkipAndBuffer(gone), withSkipAndBuffer(live)));
    ScheduleRecord stored = store.find("default", "gone").orElseThrow();
    delete(stored, T0.plusSeconds(10), 1); // audit: created, skipped, one with the deletion
    Instant cut = T0.plusSeconds(50);

    assertThat(store.purgeDeleted(T0.plusSeconds(5), 10))
        .as("deleted after the cut: nothing goes")
        .isZero();
    assertThat(store.purgeDeleted(cut, 3)).as("the audit first").isEqualTo(3);
    assertThat(store.skipped("default", "gone", 0, 10)).hasSize(1);
    assertThat(store.purgeDeleted(cut, 1)).as("then the skips").isEqualTo(1);
    assertThat(store.skipped("default", "gone", 0, 10)).isEmpty();
    assertThat(store.buffered("default", "gone")).hasSize(1);
    assertThat(store.purgeDeleted(cut, 10)).as("then the buffer, then the row").isEqualTo(2);
    assertThat(store.buffered("default", "gone")).isEmpty();
    assertThat(store.find("default", "gone")).isEmpty();
    assertThat(store.list("default", true, null, 10))
        .extracting(ScheduleRecord::scheduleId)
        .as("gone from the deleted-schedule listing")
        .containsExactly("live");
    assertThat(store.purgeDeleted(cut, 10)).as("a second pass touches nothing").isZero();

    assertThat(store.skipped("default", "live", 0, 10)).hasSize(1);
    assertThat(store.buffered("default", "live")).hasSize(1);
    assertThat(store.history("default", "live", 0, 10)).hasSize(2);
    assertThat(store.create(gone, created(gone)).sequence())
        .as("the freed id can be taken again")
        .isEqualTo(1);
  }

  @Test
  void aDeletedScheduleWithAPendingTriggerKeepsItsRow() {
    ScheduleRecord a = create("default", "a", T0);
    PendingTrigger send = remindOrder1(1);
    ScheduleRecord deleted =
        a.toBuilder()
            .status(ScheduleStatus.DELETED)
            .deleted("delete_requested", T0.plusSeconds(10))
            .next(null, null)
            .pending(send)
            .revision(a.revision() + 1)
            .build();
    store.commit(new ScheduleCommit(deleted, List.of(), List.of(), List.of(), List.of(), false));

    assertThat(store.purgeDeleted(T0.plusSeconds(50), 10)).as("its audit only").isEqualTo(1);
    assertThat(store.find("default", "a").orElseThrow().pending())
        .as("the row stays until a tick carries out its pending trigger")
        .containsExactly(send);
    assertThat(store.purgeDeleted(T0.plusSeconds(50), 10)).isZero();
  }

  @Test
  void aDeletedStartScheduleKeepsItsRowAfterItsAuditIsPurged() {
    ScheduleRecord start = create("default", "machine.invoice.v1.start.0", T0);
    ScheduleRecord lookalike = create("default", "machine.invoice.v1.start.x", T0);
    delete(start, T0.plusSeconds(10), 1);
    delete(lookalike, T0.plusSeconds(10), 1);

    assertThat(store.purgeDeleted(T0.plusSeconds(50), 10))
        .as("both audits, and the row of the one that is no start schedule")
        .isEqualTo(5);
    assertThat(store.purgeDeleted(T0.plusSeconds(50), 10)).isZero();

    assertThat(store.history("default", "machine.invoice.v1.start.0", 0, 10)).isEmpty();
    assertThat(store.find("default", "machine.invoice.v1.start.0").orElseThrow().status())
        .as("the row records that a newer version cancelled it")
        .isEqualTo(ScheduleStatus.DELETED);
    assertThat(store.find("default", "machine.invoice.v1.start.x")).isEmpty();
  }

  /** Trigger {@code number}: send REMIND to order-1. */
  private static PendingTrigger remindOrder1(long number) {
    return new PendingTrigger(
        number,
        "order-1",
        T0,
        ScheduleAction.sendEvent("order-1", "REMIND", Map.of()),
        Map.of(),
        OverlapPolicy.ALLOW_ALL,
        null);
  }

  private static ScheduleCommit withSkipAndBuffer(ScheduleRecord record) {
    return new ScheduleCommit(
        record.toBuilder().bufferedCount(1).revision(record.revision() + 1).build(),
        List.of(skippedEvent(record, 1)),
        List.of(
            new SkippedOccurrence(
                record.namespace(), record.scheduleId(), 0, T0, "catchup_once", null, T0)),
        List.of(new BufferedTrigger(T0.plusSeconds(1), T0)),
        List.of(),
        false);
  }

  @Test
  void reportsTheEarliestNextFireOfActiveSchedules() {
    assertThat(store.nextFireAt()).isEmpty();
    create("default", "a", T0.plusSeconds(120));
    create("billing", "b", T0.plusSeconds(60));
    assertThat(store.nextFireAt()).contains(T0.plusSeconds(60));
  }

  @Test
  void storesTheSettingsAsGiven() {
    create("default", "report", T0);
    ScheduleRecord found = store.find("default", "report").orElseThrow();
    assertThat(found.settings()).isEqualTo(SETTINGS);
    assertThat(found.ulid()).isEqualTo("01JREPORT");
    assertThat(found.createdAt()).isEqualTo(T0);
  }

  @Test
  void storesTimeDatesAndCyclesWithTheirAnchorAsGiven() {
    ScheduleSpec spec =
        ScheduleSpec.builder()
            .date("2026-04-27T19:20:00+02:00[Europe/Berlin]")
            .cycle("R3/2026-04-27T17:20:00Z/P1D")
            .cycle("R5/PT10S")
            .cycleAnchor(T0)
            .timezone("America/New_York")
            .build();
    ScheduleSettings settings =
        ScheduleSettings.of(spec, ScheduleAction.startMachine("job", Map.of()));
    ScheduleRecord record =
        ScheduleRecord.created("default", "release", "01JRELEASE", settings, T0, T0, T0);
    store.create(record, created(record));

    ScheduleSpec found = store.find("default", "release").orElseThrow().settings().spec();
    assertThat(found).isEqualTo(spec);
    assertThat(found.toMap())
        .containsEntry("dates", List.of("2026-04-27T19:20:00+02:00[Europe/Berlin]"))
        .containsEntry("cycles", List.of("R3/2026-04-27T17:20:00Z/P1D", "R5/PT10S"))
        .containsEntry("cycle_anchor", "2026-01-01T00:00:00Z");
    assertThat(found.next(T0)).contains(T0.plusSeconds(10));
    assertThat(found.next(Instant.parse("2026-04-28T00:00:00Z")))
        .contains(Instant.parse("2026-04-28T17:20:00Z"));
  }
}
