package dev.clockwork.core.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Timer start events belong to the machine (the BPMN seed): a time date, a cycle or a cron, static
 * or computed at deploy; checked when the definition is built, each error naming the timer.
 */
class StartTimerDefinitionTest {
  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  static final Instant DEPLOYED = Instant.parse("2026-04-27T10:15:30Z");

  static MachineDefinition invoice(UnaryOperator<MachineBuilder> timers) {
    return timers
        .apply(Machine.define("invoice").initial("open").state("open").zone(BERLIN))
        .build();
  }

  @Test
  void aDefinitionDeclaresItsStartTimersInOrder() {
    MachineDefinition invoice =
        invoice(
            m ->
                m.startAt("2026-05-01T08:00:00Z")
                    .startOn("R/2026-01-01T09:00:00Z/P1D")
                    .startOn(StartTimer.cron("0 9 * * MON-FRI", ZoneId.of("UTC")))
                    .startOn("@daily")
                    .startOn(StartTimer.cycle("R3/PT1H").withInput(Map.of("mode", "hourly"))));

    List<StartTimer> timers = invoice.startTimers();
    assertThat(timers)
        .extracting(StartTimer::kind)
        .containsExactly(
            StartTimer.Kind.DATE,
            StartTimer.Kind.CYCLE,
            StartTimer.Kind.CRON,
            StartTimer.Kind.CRON,
            StartTimer.Kind.CYCLE);
    assertThat(timers)
        .extracting(StartTimer::text)
        .containsExactly(
            "2026-05-01T08:00:00Z",
            "R/2026-01-01T09:00:00Z/P1D",
            "0 9 * * MON-FRI",
            "@daily",
            "R3/PT1H");
    assertThat(timers)
        .extracting(StartTimer::path)
        .containsExactly(
            "invoice.startTimers[0]",
            "invoice.startTimers[1]",
            "invoice.startTimers[2]",
            "invoice.startTimers[3]",
            "invoice.startTimers[4]");
    assertThat(timers.get(2).zone()).isEqualTo(ZoneId.of("UTC"));
    assertThat(timers.get(3).zone()).as("the machine's zone by default").isEqualTo(BERLIN);
    assertThat(timers.get(4).input()).isEqualTo(Map.of("mode", "hourly"));
    assertThat(timers.get(2).describe()).isEqualTo("cron 0 9 * * MON-FRI (UTC)");
  }

  @Test
  void aMachineWithoutStartTimersHasNone() {
    assertThat(invoice(m -> m).startTimers()).isEmpty();
  }

  @Test
  void theFormOfATextIsToldByItsShape() {
    assertThat(StartTimer.of("2026-05-01T08:00:00+02:00[Europe/Berlin]").kind())
        .isEqualTo(StartTimer.Kind.DATE);
    assertThat(StartTimer.of(" R5/PT10S ").kind()).isEqualTo(StartTimer.Kind.CYCLE);
    assertThat(StartTimer.of(" R5/PT10S ").text()).isEqualTo("R5/PT10S");
    assertThat(StartTimer.of("0 0 9-17 * * MON-FRI").kind()).isEqualTo(StartTimer.Kind.CRON);
    assertThat(StartTimer.of("@hourly").kind()).isEqualTo(StartTimer.Kind.CRON);
  }

  @Test
  void aBadStartTimerFailsTheBuildNamingItAndTheForm() {
    assertThatThrownBy(() -> invoice(m -> m.startAt("2026-05-01T08:00:00Z").startOn("0 61 * * *")))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("invoice.startTimers[1]: ")
        .satisfies(
            e ->
                assertThat(((InvalidDefinitionException) e).path())
                    .isEqualTo("invoice.startTimers[1]"));
    assertThatThrownBy(() -> invoice(m -> m.startAt("2026-05-01T08:00:00")))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("invoice.startTimers[0]: ")
        .hasMessageContaining("has no offset or zone; write 2026-05-01T08:00:00Z");
    assertThatThrownBy(() -> invoice(m -> m.startOn("R/P0D")))
        .hasMessageStartingWith("invoice.startTimers[0]: ");
    assertThatThrownBy(() -> invoice(m -> m.startOn(" ")))
        .hasMessage(
            "invoice.startTimers[0]: the start timer is empty; write a time date"
                + " (2026-05-01T08:00:00Z), a cycle (R/2026-01-01T09:00:00Z/P1D, R3/PT1H) or a"
                + " cron expression (0 9 * * MON-FRI)");
  }

  @Test
  void aDurationIsNoStartTimerAndTheErrorSaysWhatToWrite() {
    assertThatThrownBy(() -> invoice(m -> m.startOn("P1D")))
        .hasMessageStartingWith("invoice.startTimers[0]: ")
        .hasMessageContaining("write R1/P1D to start once")
        .hasMessageContaining("or R/P1D to start every P1D");
    assertThatThrownBy(() -> invoice(m -> m.startAt("R/P1D")))
        .hasMessageContaining("use startOn(\"R/P1D\")");
  }

  @Test
  void theInputMustBeJson() {
    assertThatThrownBy(
            () ->
                invoice(
                    m ->
                        m.startOn(
                            StartTimer.at("2026-05-01T08:00:00Z")
                                .withInput(Map.of("when", Instant.EPOCH)))))
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("invoice.startTimers[0]: context key 'input.when'");
  }

  @Test
  void aMachineWithStartTimersNeedsAnIdThatCanNameSchedules() {
    assertThatThrownBy(
            () ->
                Machine.define("invoice sync")
                    .initial("open")
                    .state("open")
                    .startOn("@daily")
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("invoice sync.startTimers: ")
        .hasMessageContaining("\"invoice-sync\"");
  }

  @Test
  void aComputedStartTimerIsEvaluatedWithTheDeployInstantAndDefinition() {
    MachineDefinition invoice =
        invoice(
            m ->
                m.version(3)
                    .startOn(
                        StartTimer.computed(
                                (at, definition) -> "R" + definition.version() + "/" + at + "/P1D")
                            .withInput(Map.of("source", "deploy"))));
    StartTimer declared = invoice.startTimers().get(0);
    assertThat(declared.isComputed()).isTrue();
    assertThat(declared.describe()).isEqualTo("computed at deploy");

    StartTimer resolved = declared.resolve(DEPLOYED, invoice);
    assertThat(resolved.kind()).isEqualTo(StartTimer.Kind.CYCLE);
    assertThat(resolved.text()).isEqualTo("R3/2026-04-27T10:15:30Z/P1D");
    assertThat(resolved.zone()).isEqualTo(BERLIN);
    assertThat(resolved.input()).isEqualTo(Map.of("source", "deploy"));
    assertThat(resolved.path()).isEqualTo("invoice.startTimers[0]");
    assertThat(resolved.resolve(DEPLOYED, invoice)).isSameAs(resolved);
  }

  @Test
  void aComputedStartTimerMayGiveATemporalValueOrAStaticTimer() {
    assertThat(resolve(DEPLOYED.plusSeconds(60)).text()).isEqualTo("2026-04-27T10:16:30Z");
    assertThat(resolve(OffsetDateTime.parse("2026-05-01T10:00+02:00")).text())
        .isEqualTo("2026-05-01T10:00:00+02:00");
    assertThat(resolve(ZonedDateTime.parse("2026-05-01T10:00+02:00[Europe/Berlin]")).text())
        .isEqualTo("2026-05-01T10:00:00+02:00[Europe/Berlin]");
    StartTimer cron = resolve(StartTimer.cron("0 9 * * *", ZoneId.of("UTC")));
    assertThat(cron.kind()).isEqualTo(StartTimer.Kind.CRON);
    assertThat(cron.zone()).isEqualTo(ZoneId.of("UTC"));
  }

  @Test
  void aComputedValueOfNoStartTimerFormFailsNamingTheTimer() {
    assertThatThrownBy(() -> resolve(java.time.Duration.ofHours(1)))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("invoice.startTimers[0]: the start timer's expression gave")
        .hasMessageContaining("java.time.Duration PT1H");
    assertThatThrownBy(() -> resolve(null)).hasMessageContaining("gave null");
    assertThatThrownBy(() -> resolve("0 61 * * *"))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("invoice.startTimers[0]: ");
  }

  @Test
  void anExpressionThatThrowsFailsNamingTheTimer() {
    MachineDefinition invoice =
        invoice(
            m ->
                m.startOn(
                    StartTimer.computed(
                        (at, definition) -> {
                          throw new IllegalStateException("no release date");
                        })));
    assertThatThrownBy(() -> invoice.startTimers().get(0).resolve(DEPLOYED, invoice))
        .isInstanceOf(ClockworkException.class)
        .hasMessageStartingWith("invoice.startTimers[0]: the start timer's expression failed")
        .hasMessageContaining("no release date")
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  private static StartTimer resolve(Object value) {
    MachineDefinition invoice = invoice(m -> m.startOn(StartTimer.computed((at, d) -> value)));
    return invoice.startTimers().get(0).resolve(DEPLOYED, invoice);
  }
}
