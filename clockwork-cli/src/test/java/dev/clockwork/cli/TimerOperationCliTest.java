package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code timers reschedule|extend|fire|cancel ID TIMER}: one armed timer moved, put off, fired or
 * cancelled, in the instance's history and the operator log; a mistake answered in one line.
 */
class TimerOperationCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition ORDER = OrderMachine.definition();
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private final VirtualClock clock = VirtualClock.at(T0);
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(ORDER).build();
    engine.create(NewInstance.of("order").id("order-1"));
    engine.send("order-1", Event.of("SUBMIT"));
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(ORDER), args);
  }

  private Instant due() {
    return engine.instances().get("order-1").timers().stream()
        .map(ArmedTimer::due)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void extendPutsTheTimerOffAndTheOperatorLogSaysWhoAndWhy() {
    CliRun run =
        cli("timers", "extend", "order-1", "ORDER_EXPIRED", "--by", "3 days", "--reason", "asked");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(due()).isEqualTo(Instant.parse("2026-01-11T00:00:00Z"));
    assertThat(run.out).contains("order-1: ORDER_EXPIRED due at 2026-01-11T00:00:00Z (in 10d");
    OperatorAction logged = engine.admin().operatorLog().latest(null, 1).get(0);
    assertThat(logged.action()).isEqualTo("timer.extend");
    assertThat(logged.source()).isEqualTo("cli");
    assertThat(logged.target()).isEqualTo("instance:order-1");
    assertThat(logged.details()).containsEntry("reason", "asked").containsEntry("by", "PT72H");
  }

  @Test
  void rescheduleMovesItAndJsonSaysWhere() throws Exception {
    CliRun run =
        cli(
            "timers",
            "reschedule",
            "order-1",
            "ORDER_EXPIRED",
            "--to",
            "2026-02-01T09:00:00Z",
            "-o",
            "json");

    assertThat(run.exitCode).as(run.toString()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out);
    assertThat(json.get("due").asText()).isEqualTo("2026-02-01T09:00:00Z");
    assertThat(due()).isEqualTo(Instant.parse("2026-02-01T09:00:00Z"));
  }

  @Test
  void fireRunsTheTransitionAndCancelRemovesTheTimer() {
    assertThat(cli("timers", "fire", "order-1", "ORDER_EXPIRED").exitCode).isZero();
    assertThat(engine.instances().get("order-1").states()).containsExactly("cancelled");

    engine.create(NewInstance.of("order").id("order-2"));
    engine.send("order-2", Event.of("SUBMIT"));
    assertThat(cli("timers", "cancel", "order-2", "ORDER_EXPIRED").exitCode).isZero();
    assertThat(engine.instances().get("order-2").timers()).isEmpty();
    assertThat(engine.instances().history(HistoryQuery.all("order-2")))
        .anySatisfy(h -> assertThat(h.event()).isEqualTo("@timer"));
  }

  @Test
  void mistakesAreOneLineNamingTheFix() {
    CliRun unknownTimer = cli("timers", "cancel", "order-1", "PAY");
    assertThat(unknownTimer.exitCode).isNotZero();
    assertThat(unknownTimer.err).contains("no armed timer 'PAY'").doesNotContain("\tat ");

    CliRun badInstant = cli("timers", "reschedule", "order-1", "ORDER_EXPIRED", "--to", "tomorrow");
    assertThat(badInstant.exitCode).isEqualTo(2);
    assertThat(badInstant.err).contains("--to: 'tomorrow' is not an instant");

    CliRun missing = cli("timers", "extend", "order-9", "ORDER_EXPIRED", "--by", "1h");
    assertThat(missing.err).contains("no instance with id 'order-9'");
  }
}
