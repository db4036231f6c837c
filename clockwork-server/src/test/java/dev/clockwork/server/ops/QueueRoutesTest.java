package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class QueueRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  private static Engine engine() {
    return API.engine();
  }

  @Test
  void listsEveryMachinesQueueWithTheSeedsFigures() {
    Instant t0 = API.clock().instant();
    engine().create(NewInstance.of("ledger").id("l-1"));
    engine().create(NewInstance.of("ledger").id("l-2"));
    engine().enqueue("l-1", Event.of("A"));
    API.clock().advance(Duration.ofSeconds(5));
    engine().enqueue("l-2", Event.of("A"));
    engine().enqueue("l-2", Event.of("REFUSE"));

    ApiFixture.Response response = API.get("/api/queues", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode ledger = machine(response.json(), "ledger");
    assertThat(ledger.get("pending").asLong()).isEqualTo(3);
    assertThat(ledger.get("processing").asLong()).isZero();
    assertThat(ledger.get("active").asLong()).isZero();
    assertThat(ledger.get("concurrency").asInt()).isEqualTo(10);
    assertThat(ledger.get("failed").asLong()).isZero();
    assertThat(ledger.get("oldest_pending").asText()).isEqualTo(t0.toString());
    assertThat(ledger.get("paused").asBoolean()).isFalse();
    assertThat(ledger.has("pending_events")).as("only the detail view lists them").isFalse();
    assertThat(machine(response.json(), "order").get("pending").asLong())
        .as("a registered machine without instances is listed too")
        .isZero();
  }

  @Test
  void completedThroughputAndAverageTimeComeFromWhatTheEnginesProcessed() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    for (int i = 0; i < 3; i++) {
      engine().enqueue("l-1", Event.of("A"));
    }
    engine().runDue();

    JsonNode ledger = API.get("/api/queues/ledger", ApiFixture.VIEWER).json();

    assertThat(ledger.get("completed_last_hour").asLong()).isEqualTo(3);
    assertThat(ledger.get("throughput_per_minute").asDouble()).isPositive();
    assertThat(Duration.parse(ledger.get("avg_processing_time").asText()).isNegative()).isFalse();

    API.clock().advance(Duration.ofHours(2));
    JsonNode later = API.get("/api/queues/ledger", ApiFixture.VIEWER).json();
    assertThat(later.get("completed_last_hour").asLong()).as("out of the window").isZero();
    assertThat(later.get("throughput_per_minute").asDouble()).isZero();
    assertThat(later.get("avg_processing_time").isNull()).as("nothing processed lately").isTrue();
    assertThat(later.get("oldest_pending").isNull()).as("nothing waits").isTrue();
  }

  @Test
  void theDetailListsPendingEventsInTheOrderTheQueueServesThem() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    engine().create(NewInstance.of("ledger").id("l-2"));
    engine().enqueue("l-2", Event.of("REFUSE"));
    API.clock().advance(Duration.ofSeconds(1));
    engine().enqueue("l-1", Event.of("A", Map.of("n", 1)));

    JsonNode events = API.get("/api/queues/ledger", ApiFixture.VIEWER).json().get("pending_events");

    assertThat(events).hasSize(2);
    assertThat(events.get(0).get("instance_id").asText()).isEqualTo("l-2");
    assertThat(events.get(0).get("type").asText()).isEqualTo("REFUSE");
    assertThat(events.get(0).get("priority").asText()).isEqualTo("normal");
    assertThat(events.get(0).get("event_id").asLong()).isPositive();
    assertThat(events.get(1).get("type").asText()).isEqualTo("A");
    assertThat(events.get(1).get("payload").get("n").asInt()).isEqualTo(1);
    assertThat(events.get(1).get("enqueued_at").asText())
        .isEqualTo(API.clock().instant().toString());
  }

  @Test
  void pendingEventsArePagedWithNoGapAndNoRepeat() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    for (int i = 0; i < 5; i++) {
      engine().enqueue("l-1", Event.of("A", Map.of("n", i)));
    }

    List<Integer> seen = new ArrayList<>();
    String cursor = "";
    while (true) {
      JsonNode page =
          API.get("/api/queues/ledger/events?limit=2" + cursor, ApiFixture.VIEWER).json();
      page.get("items").forEach(e -> seen.add(e.get("payload").get("n").asInt()));
      if (!page.get("has_more").asBoolean()) {
        break;
      }
      cursor = "&cursor=" + page.get("next_cursor").asText();
    }

    assertThat(seen).containsExactly(0, 1, 2, 3, 4);
    assertThat(API.get("/api/queues/ledger/events?limit=501", ApiFixture.VIEWER).status())
        .isEqualTo(400);
  }

  @Test
  void aDeadLetterCountsAsFailed() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    engine().enqueue("l-1", Event.of("REFUSE"));
    engine().runDue();

    JsonNode ledger = API.get("/api/queues/ledger", ApiFixture.VIEWER).json();

    assertThat(ledger.get("failed").asLong()).isEqualTo(1);
    assertThat(ledger.get("pending").asLong()).isZero();
  }

  @Test
  void theSeedsAtSpellingNamesTheMachine() {
    assertThat(API.get("/api/queues/@ledger", ApiFixture.VIEWER).json().get("machine").asText())
        .isEqualTo("ledger");
  }

  @Test
  void anUnknownMachineIs404NamingTheKnownOnes() {
    ApiFixture.Response response = API.get("/api/queues/ledgr", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    assertThat(response.json().get("detail").asText()).contains("ledgr").contains("ledger");
    assertThat(API.post("/api/queues/ledgr/pause", ApiFixture.OPERATOR, "").status())
        .isEqualTo(404);
  }

  @Test
  void pausingStopsTheWorkersUntilResumed() {
    engine().create(NewInstance.of("ledger").id("l-1"));

    ApiFixture.Response paused = API.post("/api/queues/ledger/pause", ApiFixture.OPERATOR, "");
    engine().enqueue("l-1", Event.of("A"));
    int processedWhilePaused = engine().runDue("ledger");

    assertThat(paused.status()).isEqualTo(200);
    assertThat(paused.json().get("paused").asBoolean()).isTrue();
    assertThat(processedWhilePaused).as("the workers' claim skips a paused queue").isZero();
    JsonNode status = API.get("/api/queues/ledger", ApiFixture.VIEWER).json();
    assertThat(status.get("paused").asBoolean()).isTrue();
    assertThat(status.get("pending").asLong()).as("events keep arriving while paused").isEqualTo(1);
    assertThat(LedgerMachine.seen(engine(), "l-1")).isEmpty();

    ApiFixture.Response resumed = API.post("/api/queues/ledger/resume", ApiFixture.OPERATOR, "");
    engine().runDue("ledger");

    assertThat(resumed.json().get("paused").asBoolean()).isFalse();
    assertThat(LedgerMachine.seen(engine(), "l-1")).containsExactly("A");
    assertThat(API.get("/api/queues/ledger", ApiFixture.VIEWER).json().get("pending").asLong())
        .isZero();
  }

  @Test
  void aViewerMayNotPauseAndNobodyWithoutAToken() {
    assertThat(API.post("/api/queues/ledger/pause", ApiFixture.VIEWER, "").status()).isEqualTo(403);
    assertThat(API.post("/api/queues/ledger/resume", ApiFixture.VIEWER, "").status())
        .isEqualTo(403);
    assertThat(API.post("/api/queues/ledger/pause", null, "").status()).isEqualTo(401);
    assertThat(API.get("/api/queues", null).status()).isEqualTo(401);
    assertThat(engine().admin().queues().status("ledger").paused()).isFalse();
  }

  @Test
  void pauseAndResumeAreAuditedWithThePrincipalAndRequestId() {
    API.post(
        "/api/queues/ledger/pause", ApiFixture.OPERATOR, "", Map.of("X-Request-Id", "req-pause"));

    JsonNode latest = API.get("/api/audit?limit=1", ApiFixture.ADMIN).json().get("items").get(0);

    assertThat(latest.get("action").asText()).isEqualTo("queue.pause");
    assertThat(latest.get("target").asText()).isEqualTo("queue:ledger");
    assertThat(latest.get("principal").asText()).isEqualTo("otto-operator");
    assertThat(latest.get("request_id").asText()).isEqualTo("req-pause");
    assertThat(latest.get("source").asText()).isEqualTo("api");
  }

  @Test
  void healthReportsTheThresholdsAndIsHealthyWhenQuiet() {
    ApiFixture.Response response = API.get("/api/health/queues", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode health = response.json();
    assertThat(health.get("level").asText()).isEqualTo("healthy");
    JsonNode thresholds = health.get("thresholds").get("ledger");
    assertThat(thresholds.get("pending_warning").asLong()).isEqualTo(100);
    assertThat(thresholds.get("dlq_critical").asLong()).isEqualTo(50);
    assertThat(thresholds.get("processing_time_warning").asText()).isEqualTo("PT5S");
    assertThat(health.get("stuck")).isEmpty();
    assertThat(health.get("checks").findValuesAsText("subject")).contains("stuck events");
    assertThat(health.get("checks"))
        .as("the store's line: healthy while the workers' claims and commits succeed")
        .anySatisfy(
            check -> {
              assertThat(check.get("subject").asText()).isEqualTo("store");
              assertThat(check.get("level").asText()).isEqualTo("healthy");
            });
  }

  @Test
  void anEventLeasedPastItsLeaseIsReportedStuck() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    Instant leased = API.clock().instant();
    API.store().work().lease("l-1", "worker-7", Duration.ofSeconds(30), leased);
    API.clock().advance(Duration.ofSeconds(10));

    assertThat(API.get("/api/health/queues", ApiFixture.VIEWER).json().get("stuck"))
        .as("within its lease it is only processing")
        .isEmpty();

    API.clock().advance(Duration.ofSeconds(60));
    JsonNode health = API.get("/api/health/queues", ApiFixture.VIEWER).json();

    assertThat(health.get("level").asText()).isEqualTo("warning");
    JsonNode stuck = health.get("stuck").get(0);
    assertThat(stuck.get("instance_id").asText()).isEqualTo("l-1");
    assertThat(stuck.get("machine").asText()).isEqualTo("ledger");
    assertThat(stuck.get("owner").asText()).isEqualTo("worker-7");
    assertThat(stuck.get("lease_expired_at").asText()).isEqualTo(leased.plusSeconds(30).toString());
    assertThat(health.get("recommendations").toString()).contains("stuck");
  }

  @Test
  void healthFollowsTheDeadLetterThresholds() {
    engine().create(NewInstance.of("ledger").id("l-1"));
    for (int i = 0; i < 10; i++) {
      engine().enqueue("l-1", Event.of("REFUSE"));
    }
    engine().runDue();

    JsonNode health = API.get("/api/health/queues", ApiFixture.VIEWER).json();

    assertThat(health.get("level").asText()).isEqualTo("warning");
    assertThat(health.get("recommendations").toString()).contains("Review 10 events");
  }

  static JsonNode machine(JsonNode queues, String machine) {
    for (JsonNode queue : queues) {
      if (queue.get("machine").asText().equals(machine)) {
        return queue;
      }
    }
    throw new AssertionError("no queue of " + machine + " in " + queues);
  }

  @Test
  void activityListsEveryMinuteOfTheWindowWithRatesPercentilesDeadLettersAndBacklog() {
    engine().admin().queues().flushActivity(); // what earlier tests counted goes, with the tables
    API.reset();
    Instant start = API.clock().instant();
    engine().create(NewInstance.of("ledger").id("l-1"));
    for (int i = 0; i < 6; i++) {
      engine().enqueue("l-1", Event.of("A"));
    }
    engine().enqueue("l-1", Event.of("REFUSE"));
    engine().admin().queues().flushActivity(); // samples the backlog: 7 pending
    engine().runDue();
    API.clock().advance(Duration.ofMinutes(2));

    ApiFixture.Response response =
        API.get("/api/queues/ledger/activity?minutes=5", ApiFixture.VIEWER);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode series = response.json();
    assertThat(series.get("machine").asText()).isEqualTo("ledger");
    JsonNode points = series.get("points");
    assertThat(points).as("every minute of the window, the current one last").hasSize(5);
    Instant first = Instant.parse(points.get(0).get("minute").asText());
    Instant last = Instant.parse(points.get(4).get("minute").asText());
    assertThat(Duration.between(first, last)).isEqualTo(Duration.ofMinutes(4));
    assertThat(series.get("to").asText()).isEqualTo(last.plusSeconds(60).toString());
    JsonNode busy = point(points, start.truncatedTo(ChronoUnit.MINUTES));
    assertThat(busy.get("completed").asLong()).isEqualTo(6);
    assertThat(busy.get("processed").asLong()).isEqualTo(7);
    assertThat(busy.get("dead_lettered").asLong()).isEqualTo(1);
    assertThat(busy.get("events_per_second").asDouble()).isEqualTo(6 / 60.0);
    assertThat(busy.get("processing_p50_ms").asDouble()).isPositive();
    assertThat(busy.get("processing_p95_ms").asDouble())
        .isGreaterThanOrEqualTo(busy.get("processing_p50_ms").asDouble());
    assertThat(busy.get("backlog").asLong()).isEqualTo(7);
    assertThat(busy.get("timer_lateness_p95_ms").isNull()).as("no timer fired").isTrue();
    JsonNode quiet = points.get(4);
    assertThat(quiet.get("completed").asLong()).isZero();
    assertThat(quiet.get("processing_p95_ms").isNull()).isTrue();
    assertThat(quiet.get("backlog").isNull()).as("not sampled in that minute").isTrue();
  }

  @Test
  void activityTakesMinutesFromOneToADayAndNamesTheParameterOtherwise() {
    assertThat(API.get("/api/queues/ledger/activity", ApiFixture.VIEWER).json().get("points"))
        .as("an hour by default")
        .hasSize(60);
    assertThat(
            API.get("/api/queues/ledger/activity?minutes=1440", ApiFixture.VIEWER)
                .json()
                .get("points"))
        .hasSize(1440);
    ApiFixture.Response tooMany =
        API.get("/api/queues/ledger/activity?minutes=1441", ApiFixture.VIEWER);
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.body()).contains("minutes=1441").contains("from 1 to 1440");
    assertThat(API.get("/api/queues/nope/activity", ApiFixture.VIEWER).status()).isEqualTo(404);
  }

  private static JsonNode point(JsonNode points, Instant minute) {
    for (JsonNode point : points) {
      if (Instant.parse(point.get("minute").asText()).equals(minute)) {
        return point;
      }
    }
    throw new AssertionError("no point for " + minute + " in " + points);
  }
}
