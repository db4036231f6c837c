package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code instance show}: failed timers beside the armed ones, and the history's event ids and
 * attempts, which {@code instance event} and the dead letters refer to.
 */
class InstanceShowCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition OFFER =
      Machine.define("offer")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on(
                          "EXPIRE",
                          t ->
                              t.to("expired")
                                  .action(x -> x.fail("ARCHIVE_DOWN", "cannot archive"))
                                  .after(Timer.hours(1)))
                      .on(
                          "NUDGE",
                          t ->
                              t.action(
                                  x -> {
                                    if (x.attempt() == 1) {
                                      throw new IllegalStateException("mail server busy");
                                    }
                                  })))
          .state("expired")
          .build();

  private static final MachineDefinition FANOUT =
      Machine.define("fanout")
          .initial("p")
          .parallel(
              "p",
              p ->
                  p.state("a", r -> r.initial("w").state("w", s -> s.entry(x -> x.set("a", 1))))
                      .state("b", r -> r.initial("w").state("w", s -> s.entry(x -> x.set("b", 1)))))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(OFFER).build();
    engine.create(NewInstance.of("offer").id("offer-1"));
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(OFFER, FANOUT), args);
  }

  @Test
  void aTimerWhoseFireFailedForGoodIsListedAsFailed() throws Exception {
    clock.advance(Duration.ofHours(1));
    engine.runDue();

    CliRun run = cli("instance", "show", "offer-1");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("Timers        none armed")
        .contains(
            "Failed timers (fired and failed for good; see `clockwork queue dlq --machine offer`)")
        .contains("open#EXPIRE", "2026-01-01T01:00:00Z");
    JsonNode json =
        new ObjectMapper().readTree(cli("instance", "show", "offer-1", "-o", "json").out);
    assertThat(json.get("timers")).isEmpty();
    assertThat(json.get("failed_timers")).hasSize(1);
    assertThat(json.get("failed_timers").get(0).get("key").asText()).isEqualTo("open#EXPIRE");
  }

  @Test
  void historyRowsShowTheirEventIdAndAttempt() throws Exception {
    long id = engine.enqueue("offer-1", Event.of("NUDGE")).id();
    engine.runDue();
    clock.advance(Duration.ofSeconds(1));
    engine.runDue();

    CliRun run = cli("instance", "show", "offer-1");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("EVENT ID", "TRY");
    assertThat(run.out.lines().filter(line -> line.contains("ATTEMPT_FAILED")))
        .singleElement()
        .satisfies(line -> assertThat(line).containsPattern("NUDGE +" + id + " +1 "));
    assertThat(run.out.lines().filter(line -> line.contains(" EVENT ") && line.contains("NUDGE")))
        .singleElement()
        .satisfies(line -> assertThat(line).containsPattern("NUDGE +" + id + " +2 "));
    JsonNode json =
        new ObjectMapper().readTree(cli("instance", "show", "offer-1", "-o", "json").out);
    JsonNode last = json.get("history").get(json.get("history").size() - 1);
    assertThat(last.get("eventId").asLong()).isEqualTo(id);
    assertThat(last.get("attempt").asInt()).isEqualTo(2);
  }

  @Test
  void waitingRegionJobsAreListed() throws Exception {
    try (Engine dispatching =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(FANOUT)
            .settings(s -> s.parallelDispatch(p -> p.enabled(true).queue("regions")))
            .settings(s -> s.workers(w -> w.regionJobThreads(0)))
            .build()) {
      dispatching.create(NewInstance.of("fanout").id("fan-1"));
    }

    CliRun run = cli("instance", "show", "fan-1");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("Region jobs (parallel dispatch");
    assertThat(run.out.lines().filter(line -> line.contains(" regions ")))
        .hasSize(2)
        .anySatisfy(line -> assertThat(line).contains("p.a"))
        .anySatisfy(line -> assertThat(line).contains("p.b"));
    JsonNode json = new ObjectMapper().readTree(cli("instance", "show", "fan-1", "-o", "json").out);
    assertThat(json.get("region_jobs")).hasSize(2);
    assertThat(cli("instance", "show", "offer-1").out).doesNotContain("Region jobs");
  }

  @Test
  void trimmedHistoryShowsHowManyOlderRowsWereRemovedInsteadOfARawRow() throws Exception {
    engine.enqueue("offer-1", Event.of("NUDGE"));
    engine.runDue();
    clock.advance(Duration.ofSeconds(1));
    engine.runDue();
    clock.advance(Duration.ofMinutes(14));
    store
        .retention()
        .trimHistory(
            RetentionScope.all(), clock.instant().minusSeconds(3600), 2, clock.instant(), "", 10);
    HistoryEntry marker = store.instances().history("offer-1", 0, 10).get(0);
    assertThat(marker.kind()).isEqualTo(HistoryEntry.Kind.TRIMMED);

    CliRun run = cli("instance", "show", "offer-1");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains(
            "… "
                + TrimMarker.removed(marker)
                + " older rows removed on 2026-01-01 00:14 (through #"
                + marker.sequence()
                + ")")
        .doesNotContain("TRIMMED");
    JsonNode json =
        new ObjectMapper().readTree(cli("instance", "show", "offer-1", "-o", "json").out);
    assertThat(json.get("history").get(0).get("kind").asText())
        .as("JSON keeps the raw row")
        .isEqualTo("TRIMMED");
  }
}
