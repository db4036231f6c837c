package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.definition.OverlapPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clockwork schedules …} against embedded PostgreSQL: schedules are created through the Java
 * API, then every command runs in-process, for people (tables) and scripts (JSON, JSON Lines), with
 * its exit codes.
 */
class SchedulesCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final MachineDefinition INVOICE_SYNC =
      Machine.define("invoice-sync")
          .initial("syncing")
          .state("syncing", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();
  private static final MachineDefinition HEALTH_CHECK =
      Machine.define("health-check").initial("done").finalState("done").build();

  private final VirtualClock clock = VirtualClock.at("2026-04-09T12:00:00Z");
  private final Map<String, String> env = new HashMap<>();
  private PostgresStore store;
  private Engine engine;
  private Schedules schedules;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine =
        Engine.builder().store(store).clock(clock).register(INVOICE_SYNC, HEALTH_CHECK).build();
    schedules = new Schedules(engine, store.schedules());
    env.put("CLOCKWORK_JDBC_URL", DB.url());
    env.put("CLOCKWORK_DB_USER", DB.user());
    env.put("CLOCKWORK_DB_PASSWORD", DB.password());
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(env, clock, List.of(INVOICE_SYNC, HEALTH_CHECK), args);
  }

  private static JsonNode json(CliRun run) throws Exception {
    assertThat(run.exitCode).as(run.toString()).isZero();
    return JSON.readTree(run.out);
  }

  private void createDailyInvoiceSync(OverlapPolicy policy) {
    schedules.create(
        ScheduleRequest.builder("daily-invoice-sync")
            .startMachine("invoice-sync", Map.of("mode", "nightly"))
            .cron("0 2 * * *")
            .timezone("America/New_York")
            .overlapPolicy(policy)
            .labels(Map.of("team", "billing"))
            .notes("Runs every night at 2 AM ET.")
            .build());
  }

  private void createHealthCheck() {
    schedules.createFromSpec(
        "health-check-30m",
        Map.of("intervals", List.of(Map.of("every", "PT30M"))),
        Map.of("machine", "health-check", "input", Map.of("region", "us-east-1")));
  }

  @Test
  void listShowsTheNamespacesSchedulesAsATableOrJson() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    createHealthCheck();
    CliRun table = cli("schedules", "list");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out)
        .contains("SCHEDULE", "STATUS", "NEXT FIRE")
        .contains("daily-invoice-sync", "cron 0 2 * * * (America/New_York)", "start invoice-sync")
        .contains("health-check-30m", "every 30m (UTC)", "2026-04-09T12:30:00Z")
        .contains("2 schedules in namespace 'default'.");

    JsonNode list = json(cli("schedules", "list", "--output", "json"));
    assertThat(list).hasSize(2);
    assertThat(list.get(0).get("schedule_id").asText()).isEqualTo("daily-invoice-sync");
    assertThat(list.get(0).get("next_fire_at").asText()).isEqualTo("2026-04-10T06:00:00Z");

    schedules.delete("health-check-30m");
    assertThat(json(cli("schedules", "list", "-o", "json"))).hasSize(1);
    assertThat(json(cli("schedules", "list", "--include-deleted", "-o", "json"))).hasSize(2);
  }

  @Test
  void describeShowsEveryFieldAndTheNextFireTimes() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    CliRun text = cli("schedules", "describe", "daily-invoice-sync");
    assertThat(text.exitCode).as(text.toString()).isZero();
    assertThat(text.out)
        .contains("Schedule daily-invoice-sync (namespace default)")
        .contains("Status:            active")
        .contains("Spec:              cron 0 2 * * * (America/New_York)")
        .contains("Overlap policy:    skip")
        .contains("Catch-up:          once (window 365d)")
        .contains("Labels:            {\"team\":\"billing\"}")
        .contains("Notes:             Runs every night at 2 AM ET.")
        .contains("Upcoming fire times:", "  2026-04-10T06:00:00Z", "  2026-04-14T06:00:00Z");

    JsonNode described =
        json(cli("schedules", "describe", "daily-invoice-sync", "--upcoming", "2", "-o", "json"));
    assertThat(described.get("schedule_ulid").asText()).hasSize(26);
    assertThat(described.get("spec").get("timezone").asText()).isEqualTo("America/New_York");
    assertThat(described.get("action").get("input").get("mode").asText()).isEqualTo("nightly");
    assertThat(described.get("upcoming_fire_times")).hasSize(2);
    assertThat(described.get("skipped_trigger_count").asLong()).isZero();
  }

  @Test
  void timeDatesAndCyclesShowInTheListDescribeAndJson() throws Exception {
    schedules.create(
        ScheduleRequest.builder("release")
            .startMachine("health-check", Map.of())
            .date("2026-04-27T17:20:00Z")
            .build());
    schedules.create(
        ScheduleRequest.builder("reminders")
            .startMachine("health-check", Map.of())
            .cycle("R3/PT10M")
            .cycle("R/2026-04-10T08:00:00+02:00[Europe/Berlin]/P1D")
            .timezone("Europe/Berlin")
            .build());
    CliRun table = cli("schedules", "list");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out)
        .contains("at 2026-04-27T17:20:00Z (UTC)")
        .contains(
            "cycle R3/PT10M, cycle R/2026-04-10T08:00:00+02:00[Europe/Berlin]/P1D (Europe/Berlin;"
                + " cycles without a start from 2026-04-09T12:00:00Z)");

    CliRun text = cli("schedules", "describe", "reminders", "--upcoming", "4");
    assertThat(text.out)
        .contains("Spec:              cycle R3/PT10M")
        .contains(
            "  2026-04-09T12:10:00Z",
            "  2026-04-09T12:20:00Z",
            "  2026-04-09T12:30:00Z",
            "  2026-04-10T06:00:00Z");

    JsonNode described = json(cli("schedules", "describe", "release", "-o", "json"));
    assertThat(described.get("spec").get("dates").get(0).asText())
        .isEqualTo("2026-04-27T17:20:00Z");
    assertThat(described.get("upcoming_fire_times")).hasSize(1);
  }

  @Test
  void unknownAndDeletedSchedulesAreClearErrorsWithExitCodeOne() {
    CliRun unknown = cli("schedules", "describe", "nope");
    assertThat(unknown.exitCode).isEqualTo(1);
    assertThat(unknown.err)
        .contains("clockwork: no schedule 'nope' in namespace 'default'")
        .doesNotContain("Exception");

    createDailyInvoiceSync(OverlapPolicy.SKIP);
    assertThat(cli("schedules", "delete", "daily-invoice-sync").exitCode).isZero();
    for (String command : List.of("pause", "resume", "trigger")) {
      CliRun refused = cli("schedules", command, "daily-invoice-sync");
      assertThat(refused.exitCode).as(command).isEqualTo(1);
      assertThat(refused.err).as(command).contains("was deleted at").contains("cannot be");
    }
    CliRun backfill =
        cli(
            "schedules",
            "backfill",
            "daily-invoice-sync",
            "--from",
            "2026-04-01",
            "--to",
            "2026-04-02");
    assertThat(backfill.exitCode).isEqualTo(1);
    assertThat(backfill.err).contains("cannot be backfilled");
    assertThat(cli("schedules", "describe", "daily-invoice-sync").out)
        .contains("Status:            deleted");
  }

  @Test
  void theNamespaceComesFromTheFlagTheEnvironmentOrTheConfigFile(@TempDir Path dir)
      throws Exception {
    schedules
        .in("billing")
        .create(
            ScheduleRequest.builder("daily-sync")
                .startMachine("invoice-sync", Map.of())
                .cron("0 2 * * *")
                .build());
    assertThat(cli("schedules", "list").out).contains("No schedules in namespace 'default'.");
    assertThat(cli("schedules", "list", "--namespace", "billing").out).contains("daily-sync");
    CliRun missing = cli("schedules", "describe", "daily-sync");
    assertThat(missing.exitCode).isEqualTo(1);

    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(config, "schedules:\n  namespace: billing\n");
    assertThat(cli("schedules", "list", "--config", config.toString()).out).contains("daily-sync");

    env.put("CLOCKWORK_NAMESPACE", "billing");
    assertThat(cli("schedules", "describe", "daily-sync").out)
        .contains("Schedule daily-sync (namespace billing)");
  }

  @Test
  void historyPrintsATablePagesAndEmitsJsonAndJsonLines() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    schedules.pause("daily-invoice-sync", "maintenance");
    schedules.resume("daily-invoice-sync");
    String started = schedules.trigger("daily-invoice-sync");
    schedules.trigger("daily-invoice-sync"); // still running: skipped

    CliRun table = cli("schedules", "history", "daily-invoice-sync");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out)
        .contains("SEQ", "EVENT", "RECORDED AT", "WORKFLOW REFS")
        .contains("ScheduleCreated", "SchedulePaused", "maintenance", "ScheduleResumed")
        .contains("ScheduleTriggered", started, "started #1 for")
        .contains("ScheduleTriggerSkipped", "overlap_policy_skip")
        .doesNotContain("More events available");

    CliRun firstPage = cli("schedules", "history", "daily-invoice-sync", "--limit", "2");
    assertThat(firstPage.out)
        .contains("SchedulePaused")
        .doesNotContain("ScheduleResumed")
        .contains("More events available: --after-sequence 2 for the next page, or --all.");
    assertThat(
            cli(
                    "schedules",
                    "history",
                    "daily-invoice-sync",
                    "--limit",
                    "2",
                    "--after-sequence",
                    "2")
                .out)
        .contains("ScheduleResumed", "ScheduleTriggered")
        .doesNotContain("SchedulePaused");

    JsonNode page =
        json(cli("schedules", "history", "daily-invoice-sync", "--limit", "2", "-o", "json"));
    assertThat(page.get("events")).hasSize(2);
    assertThat(page.get("next_cursor").asLong()).isEqualTo(2);
    assertThat(page.get("has_more").asBoolean()).isTrue();
    assertThat(page.get("events").get(0).get("event_type").asText()).isEqualTo("ScheduleCreated");
    assertThat(page.get("events").get(0).get("payload").has("spec")).isTrue();

    JsonNode all =
        json(
            cli(
                "schedules",
                "history",
                "daily-invoice-sync",
                "--limit",
                "2",
                "--all",
                "-o",
                "json"));
    assertThat(all.get("events")).hasSize(5);
    assertThat(all.get("next_cursor").isNull()).isTrue();
    assertThat(all.get("has_more").asBoolean()).isFalse();

    CliRun lines = cli("schedules", "history", "daily-invoice-sync", "--output", "jsonl");
    assertThat(lines.exitCode).isZero();
    List<JsonNode> events = new ArrayList<>();
    for (String line : lines.out.strip().split("\n")) {
      events.add(JSON.readTree(line));
    }
    assertThat(events).hasSize(5);
    assertThat(events)
        .extracting(e -> e.get("sequence").asLong())
        .containsExactly(1L, 2L, 3L, 4L, 5L);
    JsonNode triggered = events.get(3);
    assertThat(triggered.get("schedule_id").asText()).isEqualTo("daily-invoice-sync");
    assertThat(triggered.get("namespace").asText()).isEqualTo("default");
    assertThat(triggered.get("workflow_instance_id").asText()).isEqualTo(started);
    assertThat(triggered.get("payload").get("trigger_number").asInt()).isEqualTo(1);
    assertThat(triggered.has("next_cursor")).isFalse();
  }

  @Test
  void historyRefusesBadPagingWithUsage() {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    CliRun zero = cli("schedules", "history", "daily-invoice-sync", "--limit", "0");
    assertThat(zero.exitCode).isEqualTo(2);
    assertThat(zero.err)
        .contains("clockwork: --limit must be between 1 and 500, not 0")
        .contains("Usage: clockwork schedules history");
    CliRun negative = cli("schedules", "history", "daily-invoice-sync", "--after-sequence", "-1");
    assertThat(negative.exitCode).isEqualTo(2);
    CliRun format = cli("schedules", "history", "daily-invoice-sync", "-o", "xml");
    assertThat(format.exitCode).isEqualTo(2);
    assertThat(format.err).contains("'xml' is not an output format; use table, json or jsonl");
  }

  @Test
  void triggerStartsAnInstanceOrSaysWhyItDidNot() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    CliRun started = cli("schedules", "trigger", "daily-invoice-sync");
    assertThat(started.exitCode).as(started.toString()).isZero();
    assertThat(started.out)
        .contains("daily-invoice-sync: started schedule:daily-invoice-sync:manual:1");
    assertThat(engine.instances().get("schedule:daily-invoice-sync:manual:1")).isNotNull();

    clock.moveTo(Instant.parse("2026-04-09T12:01:00Z"));
    JsonNode skipped = json(cli("schedules", "trigger", "daily-invoice-sync", "-o", "json"));
    assertThat(skipped.get("outcome").asText()).isEqualTo("skipped");
    assertThat(skipped.get("reason").asText()).isEqualTo("overlap_policy_skip");
    assertThat(skipped.get("instance_id").isNull()).isTrue();

    schedules.update(
        "daily-invoice-sync",
        dev.clockwork.schedule.ScheduleUpdate.builder()
            .overlapPolicy(OverlapPolicy.BUFFER_ONE)
            .build());
    clock.moveTo(Instant.parse("2026-04-09T12:02:00Z"));
    assertThat(cli("schedules", "trigger", "daily-invoice-sync").out)
        .contains("daily-invoice-sync: buffered (the previous instance is still running)");
  }

  @Test
  void backfillStartsEachOccurrenceOnceAndReadsDatesInTheSchedulesZone() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    clock.moveTo(Instant.parse("2026-04-20T12:00:00Z")); // the window is past
    schedules.pause("daily-invoice-sync", "outage"); // and no tick will fire it
    CliRun first =
        cli(
            "schedules",
            "backfill",
            "daily-invoice-sync",
            "--from",
            "2026-04-10 00:00:00",
            "--to",
            "2026-04-14",
            "--overlap-policy",
            "allow_all");
    assertThat(first.exitCode).as(first.toString()).isZero();
    assertThat(first.out)
        .contains("CRON TIME", "OUTCOME", "INSTANCE")
        .contains("schedule:daily-invoice-sync:backfill:2026-04-10T06:00:00Z")
        .contains("schedule:daily-invoice-sync:backfill:2026-04-13T06:00:00Z")
        .contains("4 occurrences in [2026-04-10T04:00:00Z, 2026-04-14T04:00:00Z): 4 started.");

    JsonNode again =
        json(
            cli(
                "schedules",
                "backfill",
                "daily-invoice-sync",
                "--from",
                "2026-04-10T04:00:00Z",
                "--to",
                "2026-04-14T04:00:00Z",
                "--overlap-policy",
                "allow_all",
                "-o",
                "json"));
    assertThat(again).hasSize(4);
    assertThat(again.get(0).get("cron_time").asText()).isEqualTo("2026-04-10T06:00:00Z");
    assertThat(again).extracting(r -> r.get("outcome").asText()).containsOnly("already_started");
    assertThat(store.instances().instanceIds("invoice-sync")).hasSize(4);
  }

  @Test
  void backfillRefusesBadDatesAndPoliciesWithUsage() {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    CliRun date =
        cli(
            "schedules",
            "backfill",
            "daily-invoice-sync",
            "--from",
            "2026-13-01",
            "--to",
            "2026-04-14");
    assertThat(date.exitCode).isEqualTo(2);
    assertThat(date.err)
        .contains("--from '2026-13-01' is not a date")
        .contains("America/New_York")
        .contains("Usage: clockwork schedules backfill");
    CliRun empty =
        cli(
            "schedules",
            "backfill",
            "daily-invoice-sync",
            "--from",
            "2026-04-14",
            "--to",
            "2026-04-10");
    assertThat(empty.exitCode).isEqualTo(2);
    assertThat(empty.err).contains("must come before --to");
    CliRun policy =
        cli(
            "schedules",
            "backfill",
            "daily-invoice-sync",
            "--from",
            "2026-04-10",
            "--to",
            "2026-04-14",
            "--overlap-policy",
            "sometimes");
    assertThat(policy.exitCode).isEqualTo(2);
    assertThat(policy.err).contains("overlap policy 'sometimes' is unknown");
    CliRun missing = cli("schedules", "backfill", "daily-invoice-sync", "--from", "2026-04-10");
    assertThat(missing.exitCode).isEqualTo(2);
    assertThat(missing.err).contains("Missing required option: '--to=DATE'");
  }

  @Test
  void pauseResumeAndDeleteSayWhatChanged() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    CliRun paused = cli("schedules", "pause", "daily-invoice-sync", "--reason", "maintenance");
    assertThat(paused.out).contains("daily-invoice-sync: paused (maintenance)");
    assertThat(schedules.describe("daily-invoice-sync").status().wireName()).isEqualTo("paused");

    clock.moveTo(Instant.parse("2026-04-11T12:00:00Z"));
    assertThat(cli("schedules", "resume", "daily-invoice-sync").out)
        .contains("daily-invoice-sync: active, next fire 2026-04-12T06:00:00Z");

    JsonNode deleted =
        json(cli("schedules", "delete", "daily-invoice-sync", "--reason", "retired", "-o", "json"));
    assertThat(deleted.get("status").asText()).isEqualTo("deleted");
    assertThat(deleted.get("delete_reason").asText()).isEqualTo("retired");
    assertThat(
            json(cli("schedules", "history", "daily-invoice-sync", "-o", "json"))
                .get("events")
                .get(2)
                .get("payload")
                .get("command_context")
                .get("source")
                .asText())
        .isEqualTo("cli");
  }

  @Test
  void tickEvaluatesDueSchedulesForPeopleAndScripts() throws Exception {
    createDailyInvoiceSync(OverlapPolicy.SKIP);
    createHealthCheck();
    assertThat(cli("schedules", "tick").out)
        .contains("No schedule was due at 2026-04-09T12:00:00Z.");

    clock.moveTo(Instant.parse("2026-04-09T12:30:00Z"));
    CliRun table = cli("schedules", "tick");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out)
        .contains("SCHEDULE", "OUTCOME", "OCCURRENCE", "NEXT FIRE")
        .contains("health-check-30m", "started", "schedule:health-check-30m:2026-04-09T12:30:00Z")
        .contains("1 occurrence evaluated: 1 started.");
    assertThat(cli("schedules", "tick", "--json").out.strip()).isEqualTo("[ ]");

    clock.moveTo(Instant.parse("2026-04-10T06:00:00Z")); // the health check missed 34 fires
    JsonNode rows = json(cli("schedules", "tick", "--output", "json"));
    List<JsonNode> invoice = new ArrayList<>();
    List<String> healthOutcomes = new ArrayList<>();
    for (JsonNode row : rows) {
      if (row.get("schedule_id").asText().equals("daily-invoice-sync")) {
        invoice.add(row);
      } else {
        healthOutcomes.add(row.get("outcome").asText() + " " + row.path("reason").asText());
      }
    }
    assertThat(healthOutcomes).contains("started ").contains("skipped catchup_once").hasSize(35);
    assertThat(invoice)
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.get("outcome").asText()).isEqualTo("started");
              assertThat(row.get("occurrence_time").asText()).isEqualTo("2026-04-10T06:00:00Z");
              assertThat(row.get("next_fire_at").asText()).isEqualTo("2026-04-11T06:00:00Z");
              assertThat(row.get("instance_id").asText())
                  .isEqualTo("schedule:daily-invoice-sync:2026-04-10T06:00:00Z");
            });
  }

  @Test
  void aTickThatCannotStartAMachineExitsWithOne() {
    createHealthCheck();
    clock.moveTo(Instant.parse("2026-04-09T12:30:00Z"));
    CliRun run = CliRun.run(env, clock, List.of(INVOICE_SYNC), "schedules", "tick");
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    assertThat(run.out).contains("health-check-30m", "failed");
    assertThat(run.err).contains("1 schedule failed to trigger");
  }

  @Test
  void withoutASubcommandItPrintsTheSchedulesUsage() {
    CliRun run = cli("schedules");
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err)
        .contains("Usage: clockwork schedules")
        .contains("list", "describe", "history", "trigger", "backfill")
        .contains("pause", "resume", "delete", "tick");
  }
}
