package dev.clockwork.postgres.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.CatchupPolicy;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.definition.ScheduleSpec;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the PostgreSQL store adds to the contract: exactness, every setting, cheap claims. */
class PostgresScheduleStoreTest {
  static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  PostgresScheduleStore store;

  @BeforeEach
  void cleanStore() {
    DB.truncateClockworkTables();
    store = PostgresScheduleStore.builder().dataSource(DB.dataSource()).migrate(false).build();
  }

  ScheduleRecord create(String id, ScheduleSettings settings, Instant fire, Instant occurrence) {
    ScheduleRecord record =
        ScheduleRecord.created("default", id, "01J" + id, settings, fire, occurrence, T0);
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("spec", settings.spec().toMap());
    payload.put("action", settings.action().toMap());
    payload.put("overlap_policy", settings.overlapPolicy().wireName());
    payload.put("next_fire_at", String.valueOf(fire));
    store.create(
        record,
        ScheduleAuditEvent.draft(
            "default", id, ScheduleEventType.ScheduleCreated, T0, null, payload));
    return record;
  }

  static ScheduleSettings hourly() {
    return ScheduleSettings.of(
        ScheduleSpec.cron("0 * * * *"), ScheduleAction.startMachine("job", Map.of()));
  }

  @Test
  void keepsNextFiresOccurrencesAndBufferedTriggersToTheNanosecond() {
    Instant fire = T0.plusNanos(123_456_789);
    Instant occurrence = T0.plusNanos(1);
    ScheduleRecord record = create("exact", hourly(), fire, occurrence);
    ScheduleRecord found = store.find("default", "exact").orElseThrow();
    assertThat(found.nextFireAt()).isEqualTo(fire);
    assertThat(found.nextOccurrenceAt()).isEqualTo(occurrence);
    // never due before its fire time; the next fire is told rounded up, so a clock moved to it
    // finds the schedule due
    assertThat(store.claimDue(T0.plusNanos(123_456_999), 10, "node-1", Duration.ofSeconds(5)))
        .isEmpty();
    assertThat(store.nextFireAt()).contains(T0.plusNanos(123_457_000));
    assertThat(store.claimDue(T0.plusNanos(123_457_000), 10, "node-1", Duration.ofSeconds(5)))
        .hasSize(1);

    Instant first = T0.plusNanos(7);
    Instant second = T0.plusNanos(5); // same microsecond, buffered later: drains after
    store.commit(
        new ScheduleCommit(
            record.toBuilder().bufferedCount(2).revision(2).build(),
            List.of(),
            List.of(),
            List.of(new BufferedTrigger(first, T0), new BufferedTrigger(second, T0)),
            List.of(),
            false));
    assertThat(store.buffered("default", "exact"))
        .extracting(BufferedTrigger::occurrence)
        .containsExactly(first, second);
  }

  @Test
  void keepsEverySetting() {
    ScheduleSettings settings =
        ScheduleSettings.builder()
            .spec(
                ScheduleSpec.builder()
                    .cron("0 12 * * *")
                    .cron("@hourly")
                    .interval("PT6H", "PT5M")
                    .timezone("America/Chicago")
                    .dstGap("skip")
                    .dstOverlap("both")
                    .build())
            .action(ScheduleAction.startMachine("report", Map.of("region", "us-east-1", "n", 3L)))
            .overlapPolicy(OverlapPolicy.BUFFER_ALL)
            .catchup(CatchupPolicy.ALL)
            .catchupWindow(Duration.ofDays(7))
            .maxBuffer(25)
            .jitterSeconds(300)
            .maxRuns(3)
            .labels(Map.of("team", "billing"))
            .memo(Map.of("origin", "scheduled", "nested", Map.of("list", List.of(1L, "two"))))
            .searchAttributes(Map.of("tenant_id", "42"))
            .queue("high-priority")
            .notes("Runs every night at 2 AM ET.")
            .build();
    create("everything", settings, T0, T0);
    ScheduleRecord found = store.find("default", "everything").orElseThrow();
    assertThat(found.settings()).isEqualTo(settings);
    assertThat(found.remainingActions()).isEqualTo(3);

    ScheduleSettings send =
        ScheduleSettings.of(
            ScheduleSpec.cron("*/5 * * * *"),
            ScheduleAction.sendEvent("order-1", "REMIND", Map.of("urgent", true)));
    create("send", send, T0, T0);
    assertThat(store.find("default", "send").orElseThrow().settings()).isEqualTo(send);
  }

  @Test
  void unreadableSettingsNameTheSchedule() {
    create("broken", hourly(), T0, T0);
    DB.execute("UPDATE cw_schedules SET settings = '{\"spec\": {}}' WHERE schedule_id = 'broken'");
    assertThatThrownBy(() -> store.find("default", "broken"))
        .isInstanceOf(ClockworkException.class)
        .hasMessageContaining("schedule 'broken' in namespace 'default'");
  }

  @Test
  void aClaimReadsOnlyDueSchedulesThroughThePartialIndex() throws Exception {
    create("template", hourly(), T0.plusSeconds(86_400), T0.plusSeconds(86_400));
    // 20,000 schedules due tomorrow, 5 due now
    DB.execute(
        """
        INSERT INTO cw_schedules
        SELECT namespace, 'later-' || n, ulid, settings, status, next_fire_at, next_fire_exact,
               next_occurrence, last_fired_at, latest_instance_id, fires_count,
               remaining_actions, paused_reason, paused_at, delete_reason, deleted_at,
               last_skip_reason, last_skipped_at, skipped_trigger_count, buffered_count,
               created_at, updated_at, checked_at, revision, claimed_by, claimed_until,
               last_event_seq, last_skip_seq
          FROM cw_schedules, generate_series(1, 20000) AS n
         WHERE schedule_id = 'template'""");
    for (int i = 0; i < 5; i++) {
      create("due-" + i, hourly(), T0, T0);
    }
    DB.execute("ANALYZE cw_schedules");

    JsonNode plan = explain(ScheduleClaims.CLAIM_DUE, T0);
    List<JsonNode> scans = new ArrayList<>();
    collect(plan, scans);
    assertThat(scans)
        .extracting(node -> node.path("Node Type").asText())
        .doesNotContain("Seq Scan");
    JsonNode indexScan =
        scans.stream()
            .filter(node -> "cw_schedules_due".equals(node.path("Index Name").asText()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no scan of cw_schedules_due in " + plan));
    assertThat(indexScan.path("Actual Rows").asInt()).isEqualTo(5);
    assertThat(store.claimDue(T0, 100, "node-1", Duration.ofSeconds(30))).hasSize(5);
  }

  @Test
  void aStoreOnADataSourceMigratesTheSchema() {
    TestDatabase fresh = EmbeddedPostgresDatabase.shared().newDatabase();
    fresh.execute("DROP TABLE " + String.join(", ", ClockworkMigrations.TABLES) + " CASCADE");
    fresh.execute("DROP TABLE " + ClockworkMigrations.HISTORY_TABLE);
    PostgresScheduleStore migrated = PostgresScheduleStore.on(fresh.dataSource());
    assertThat(migrated.find("default", "none")).isEmpty();
    assertThat(fresh.single("SELECT count(*) FROM cw_schedule_events")).isEqualTo(0L);
  }

  private static JsonNode explain(String sql, Instant now) throws Exception {
    try (Connection connection = DB.dataSource().getConnection()) {
      connection.setAutoCommit(false);
      try (PreparedStatement explain =
          connection.prepareStatement("EXPLAIN (ANALYZE, FORMAT JSON) " + sql)) {
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        explain.setObject(1, at);
        explain.setObject(2, at);
        explain.setInt(3, 100);
        explain.setString(4, "explain");
        explain.setObject(5, at.plusSeconds(30));
        try (ResultSet rs = explain.executeQuery()) {
          rs.next();
          return new ObjectMapper().readTree(rs.getString(1)).get(0).get("Plan");
        }
      } finally {
        connection.rollback();
      }
    }
  }

  private static void collect(JsonNode node, List<JsonNode> scans) {
    if (node.path("Node Type").asText().contains("Scan")
        && "cw_schedules".equals(node.path("Relation Name").asText())) {
      scans.add(node);
    }
    for (JsonNode child : node.path("Plans")) {
      collect(child, scans);
    }
  }
}
