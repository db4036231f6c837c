package dev.clockwork.server.ops;

import static dev.clockwork.server.ops.DeadLetterRoutesTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.server.ApiFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ScheduleRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  static final String HOURLY =
      """
      {"schedule_id": "%s", "spec": {"intervals": [{"every": "PT1H"}]},
       "action": {"machine": "ledger", "input": {"from": "schedule"}}, "notes": "%s"}
      """;

  static final Map<String, String> BILLING = Map.of("X-Namespace", "billing");

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  private static ApiFixture.Response create(String id, Map<String, String> headers) {
    return API.post("/api/schedules", ApiFixture.ADMIN, HOURLY.formatted(id, "hourly"), headers);
  }

  @Test
  void anAdminCreatesAndAViewerListsAndDescribesWithUpcomingFires() {
    ApiFixture.Response created = create("hourly-ledger", Map.of());

    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.header("Location")).isEqualTo("/api/schedules/hourly-ledger");
    assertThat(created.json().get("status").asText()).isEqualTo("active");
    assertThat(created.json().get("notes").asText()).isEqualTo("hourly");

    JsonNode list = API.get("/api/schedules", ApiFixture.VIEWER).json();
    assertThat(list)
        .extracting(s -> s.get("schedule_id").asText())
        .containsExactly("hourly-ledger");

    JsonNode described =
        API.get("/api/schedules/hourly-ledger?upcoming=3", ApiFixture.VIEWER).json();
    assertThat(described.get("upcoming_fire_times")).hasSize(3);
    assertThat(described.get("action").get("machine").asText()).isEqualTo("ledger");
  }

  @Test
  void rolesAreChecked() {
    create("s-1", Map.of());

    assertThat(
            API.post("/api/schedules", ApiFixture.OPERATOR, HOURLY.formatted("s-2", "x")).status())
        .as("an operator cannot create schedules")
        .isEqualTo(403);
    assertThat(
            API.put("/api/schedules/s-1", ApiFixture.OPERATOR, "{\"notes\": \"x\"}", Map.of())
                .status())
        .isEqualTo(403);
    assertThat(API.delete("/api/schedules/s-1", ApiFixture.OPERATOR, Map.of()).status())
        .isEqualTo(403);
    assertThat(API.post("/api/schedules/s-1/pause", ApiFixture.VIEWER, "").status())
        .as("a viewer cannot pause")
        .isEqualTo(403);
    assertThat(API.post("/api/schedules/s-1/trigger", ApiFixture.VIEWER, "").status())
        .isEqualTo(403);
    assertThat(API.get("/api/schedules", null).status()).isEqualTo(401);
    assertThat(API.get("/api/schedules/s-1", ApiFixture.VIEWER).json().get("status").asText())
        .isEqualTo("active");
  }

  @Test
  void anOperatorPausesResumesAndTriggersWithTheCallerInTheHistory() {
    create("s-1", Map.of());

    ApiFixture.Response paused =
        API.post(
            "/api/schedules/s-1/pause",
            ApiFixture.OPERATOR,
            "{\"reason\": \"maintenance\"}",
            Map.of("X-Request-Id", "req-p"));
    ApiFixture.Response resumed = API.post("/api/schedules/s-1/resume", ApiFixture.OPERATOR, "");
    ApiFixture.Response triggered = API.post("/api/schedules/s-1/trigger", ApiFixture.OPERATOR, "");

    assertThat(paused.json().get("status").asText()).isEqualTo("paused");
    assertThat(paused.json().get("paused_reason").asText()).isEqualTo("maintenance");
    assertThat(resumed.json().get("status").asText()).isEqualTo("active");
    String runId = triggered.json().get("run_id").asText();
    assertThat(API.engine().instances().get(runId).machine()).isEqualTo("ledger");

    JsonNode events = API.get("/api/schedules/s-1/history", ApiFixture.VIEWER).json().get("events");
    JsonNode pause = find(events, "SchedulePaused");
    JsonNode context = pause.get("payload").get("command_context");
    assertThat(context.get("principal").asText()).isEqualTo("otto-operator");
    assertThat(context.get("request_id").asText()).isEqualTo("req-p");
    assertThat(context.get("source").asText()).isEqualTo("api");
    assertThat(context.get("reason").asText()).isEqualTo("maintenance");
    assertThat(
            find(events, "ScheduleCreated")
                .get("payload")
                .get("command_context")
                .get("principal")
                .asText())
        .isEqualTo("ada-admin");
    assertThat(find(events, "ScheduleTriggered").get("workflow_instance_id").asText())
        .isEqualTo(runId);
  }

  @Test
  void anAdminUpdatesBackfillsAndDeletes() {
    create("s-1", Map.of());

    ApiFixture.Response updated =
        API.put(
            "/api/schedules/s-1",
            ApiFixture.ADMIN,
            "{\"spec\": {\"cron_expressions\": [\"0 0 3 * * *\"]}, \"notes\": \"nightly\"}",
            Map.of());
    assertThat(updated.status()).as(updated.body()).isEqualTo(200);
    assertThat(updated.json().get("spec").get("cron_expressions").get(0).asText())
        .isEqualTo("0 0 3 * * *");
    assertThat(updated.json().get("notes").asText()).isEqualTo("nightly");

    String from = API.clock().instant().minusSeconds(3 * 86400).toString();
    String to = API.clock().instant().minusSeconds(86400).toString();
    ApiFixture.Response backfill =
        API.post(
            "/api/schedules/s-1/backfill",
            ApiFixture.ADMIN,
            "{\"from\": \"" + from + "\", \"to\": \"" + to + "\"}");
    assertThat(backfill.status()).as(backfill.body()).isEqualTo(200);
    assertThat(backfill.json().get("results")).hasSize(2);

    ApiFixture.Response deleted = API.delete("/api/schedules/s-1", ApiFixture.ADMIN, Map.of());
    assertThat(deleted.json().get("status").asText()).isEqualTo("deleted");
    assertThat(API.get("/api/schedules", ApiFixture.VIEWER).json()).isEmpty();
    assertThat(API.get("/api/schedules/s-1/history", ApiFixture.VIEWER).status())
        .as("history outlives the schedule")
        .isEqualTo(200);
    assertProblem(API.post("/api/schedules/s-1/pause", ApiFixture.OPERATOR, ""), 409, "s-1");
  }

  @Test
  void aBackfillsOverlapPolicyOverridesTheSchedules() {
    create("s-1", Map.of()); // overlap skip: a run still active skips the next occurrence
    create("s-2", Map.of());
    String from = API.clock().instant().minusSeconds(3 * 3600).toString();
    String to = API.clock().instant().minusSeconds(3600).toString();
    String window = "\"from\": \"" + from + "\", \"to\": \"" + to + "\"";

    JsonNode asScheduled =
        API.post("/api/schedules/s-1/backfill", ApiFixture.ADMIN, "{" + window + "}")
            .json()
            .get("results");
    JsonNode allowAll =
        API.post(
                "/api/schedules/s-2/backfill",
                ApiFixture.ADMIN,
                "{" + window + ", \"overlap_policy\": \"allow_all\"}")
            .json()
            .get("results");

    assertThat(asScheduled)
        .extracting(r -> r.get("outcome").asText())
        .containsExactly("started", "skipped");
    assertThat(allowAll).extracting(r -> r.get("outcome").asText()).containsOnly("started");
    assertThat(allowAll).hasSize(2);
    assertProblem(
        API.post(
            "/api/schedules/s-2/backfill",
            ApiFixture.ADMIN,
            "{" + window + ", \"overlap_policy\": \"sometimes\"}"),
        422,
        "sometimes");
  }

  @Test
  void namespacesIsolateSchedules() {
    assertThat(create("billing-run", BILLING).status()).isEqualTo(201);
    create("default-run", Map.of());

    JsonNode billing = API.get("/api/schedules", ApiFixture.BILLING_VIEWER, BILLING).json();
    assertThat(billing)
        .extracting(s -> s.get("schedule_id").asText())
        .containsExactly("billing-run");
    assertThat(API.get("/api/schedules", ApiFixture.BILLING_VIEWER).json())
        .as("a token of one namespace works in it without naming it")
        .extracting(s -> s.get("schedule_id").asText())
        .containsExactly("billing-run");
    assertThat(
            API.get("/api/schedules", ApiFixture.BILLING_VIEWER, Map.of("X-Namespace", "default"))
                .status())
        .as("the billing token may not see the default namespace")
        .isEqualTo(403);
    assertProblem(API.get("/api/schedules/billing-run", ApiFixture.ADMIN), 404, "billing-run");
    assertProblem(
        API.get("/api/schedules/billing-run/history", ApiFixture.VIEWER), 404, "billing-run");
    assertProblem(
        API.post("/api/schedules/default-run/trigger", ApiFixture.OPERATOR, "", BILLING),
        404,
        "default-run");
    assertThat(API.get("/api/schedules/billing-run", ApiFixture.BILLING_VIEWER, BILLING).status())
        .isEqualTo(200);
  }

  @Test
  void historyPagesThroughEveryEventWithNoGap() {
    create("s-1", Map.of());
    for (int i = 0; i < 3; i++) {
      API.post("/api/schedules/s-1/pause", ApiFixture.OPERATOR, "");
      API.post("/api/schedules/s-1/resume", ApiFixture.OPERATOR, "");
    }

    List<Long> sequences = new ArrayList<>();
    String after = "";
    int pages = 0;
    while (true) {
      JsonNode page =
          API.get("/api/schedules/s-1/history?limit=3" + after, ApiFixture.VIEWER).json();
      page.get("events").forEach(e -> sequences.add(e.get("sequence").asLong()));
      pages++;
      if (!page.get("has_more").asBoolean()) {
        assertThat(page.get("next_cursor").isNull()).isTrue();
        break;
      }
      after = "&after_sequence=" + page.get("next_cursor").asLong();
    }

    assertThat(sequences).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    assertThat(pages).isEqualTo(3);
    assertThat(API.get("/api/schedules/s-1/history", ApiFixture.VIEWER).json().get("events").size())
        .as("100 by default")
        .isEqualTo(7);
  }

  @Test
  void badRequestsConflictsAndInvalidSchedulesAreProblems() {
    create("s-1", Map.of());

    assertProblem(create("s-1", Map.of()), 409, "s-1");
    assertProblem(
        API.post(
            "/api/schedules",
            ApiFixture.ADMIN,
            "{\"schedule_id\": \"bad\", \"spec\": {\"cron_expressions\": [\"not a cron\"]},"
                + " \"action\": {\"machine\": \"ledger\"}}"),
        422,
        "not a cron");
    assertProblem(
        API.post(
            "/api/schedules",
            ApiFixture.ADMIN,
            "{\"schedule_id\": \"ghost\", \"spec\": {\"intervals\": [{\"every\": \"PT1H\"}]},"
                + " \"action\": {\"machine\": \"nope\"}}"),
        422,
        "nope");
    assertProblem(
        API.post("/api/schedules", ApiFixture.ADMIN, "{\"schedule_id\": \"x\"}"), 400, "spec");
    assertProblem(API.post("/api/schedules", ApiFixture.ADMIN, "{\"shedule\": 1}"), 400, "shedule");
    assertProblem(API.post("/api/schedules", ApiFixture.ADMIN, "not json"), 400, "JSON");
    assertProblem(API.get("/api/schedules/s-1/history?limit=0", ApiFixture.VIEWER), 400, "limit");
    assertProblem(API.get("/api/schedules/s-1/history?limit=501", ApiFixture.VIEWER), 400, "limit");
    assertProblem(
        API.get("/api/schedules/s-1/history?after_sequence=-1", ApiFixture.VIEWER),
        400,
        "after_sequence");
    assertProblem(API.get("/api/schedules/nope", ApiFixture.VIEWER), 404, "nope");
    ApiFixture.Response nul = API.get("/api/schedules/a%00b", ApiFixture.VIEWER);
    assertThat(nul.status()).as(nul.body()).isIn(400, 404);
    assertThat(API.get("/api/schedules/a%00b/history", ApiFixture.VIEWER).status()).isIn(400, 404);
    assertProblem(
        API.post(
            "/api/schedules/s-1/backfill",
            ApiFixture.ADMIN,
            "{\"from\": \"2026-01-02T00:00:00Z\"," + " \"to\": \"2026-01-01T00:00:00Z\"}"),
        400,
        "from before to");
    assertProblem(
        API.put("/api/schedules/s-1", ApiFixture.ADMIN, "{\"schedule_id\": \"other\"}", Map.of()),
        400,
        "other");
    assertProblem(
        API.get("/api/schedules", ApiFixture.VIEWER, Map.of("X-Namespace", "bad ns!")),
        400,
        "X-Namespace");
  }

  @Test
  void scheduleCommandsAreAuditedWithThePrincipal() {
    create("s-1", Map.of());
    API.post(
        "/api/schedules/s-1/trigger", ApiFixture.OPERATOR, "", Map.of("X-Request-Id", "req-t"));

    JsonNode audit = API.get("/api/audit?limit=2", ApiFixture.ADMIN).json().get("items");

    assertThat(audit.get(0).get("action").asText()).isEqualTo("schedule.trigger");
    assertThat(audit.get(0).get("target").asText()).isEqualTo("schedule:default/s-1");
    assertThat(audit.get(0).get("principal").asText()).isEqualTo("otto-operator");
    assertThat(audit.get(0).get("request_id").asText()).isEqualTo("req-t");
    assertThat(audit.get(1).get("action").asText()).isEqualTo("schedule.create");
    assertThat(audit.get(1).get("principal").asText()).isEqualTo("ada-admin");
  }

  private static JsonNode find(JsonNode events, String type) {
    for (JsonNode event : events) {
      if (event.get("event_type").asText().equals(type)) {
        return event;
      }
    }
    throw new AssertionError("no " + type + " in " + events);
  }
}
