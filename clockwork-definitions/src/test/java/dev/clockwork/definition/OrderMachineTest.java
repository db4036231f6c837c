package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The seed's order machine written in YAML behaves as the same machine written with the Java
 * builder: driven with the same events at the same instants, both show the same active states,
 * armed timers (event, due, fires) and context after every step.
 */
class OrderMachineTest {
  static final Path FILE = Path.of("src/test/resources/machines/order.yaml");

  /** Payment declined, retried every six hours three times, then given up. */
  static final UnaryOperator<Drive> RETRIES_RUN_OUT =
      d ->
          d.send("PAY")
              .send("DECLINED")
              .fire("RETRY_PAYMENT")
              .fire("RETRY_PAYMENT")
              .fire("RETRY_PAYMENT")
              .fire("MAX_RETRIES");

  static MachineDefinition java() {
    return Machine.define("order")
        .behaviors(Drive.BEHAVIORS)
        .context(Map.of("paid", false))
        .initial("awaiting_payment")
        .state(
            "awaiting_payment",
            s ->
                s.on("PAY", "processing")
                    .on("RECORD_PAYMENT", t -> t.action("markPaid"))
                    .on(
                        "ORDER_EXPIRED",
                        t -> t.to("cancelled").guard("isNotPaid").after(Timer.days(7))))
        .state("processing", s -> s.on("DECLINED", "retrying_payment").on("CAPTURED", "paid"))
        .state(
            "retrying_payment",
            s ->
                s.on(
                        "RETRY_PAYMENT",
                        t ->
                            t.action("retryPayment")
                                .every(Timer.hours(6))
                                .max(3)
                                .then("MAX_RETRIES"))
                    .on("MAX_RETRIES", "payment_failed")
                    .on("PAYMENT_SUCCESS", "paid"))
        .finalState("paid")
        .finalState("cancelled")
        .finalState("payment_failed")
        .build();
  }

  static MachineDefinition yaml() {
    return MachineFormat.read(FILE, Drive.BEHAVIORS);
  }

  List<String> both(UnaryOperator<Drive> scenario) {
    List<String> fromJava = scenario.apply(Drive.start(java())).trace();
    List<String> fromYaml = scenario.apply(Drive.start(yaml())).trace();
    assertThat(fromYaml).containsExactlyElementsOf(fromJava);
    return fromYaml;
  }

  @Test
  void anUnpaidOrderIsCancelledSevenDaysAfterEntry() {
    Drive yaml = Drive.start(yaml());
    assertThat(yaml.timer("ORDER_EXPIRED").due())
        .isEqualTo(Drive.T0.plus(Timer.days(7).toDuration()));
    yaml.fire("ORDER_EXPIRED");
    assertThat(yaml.value()).containsExactly("cancelled");
    both(d -> d.fire("ORDER_EXPIRED"));
  }

  @Test
  void thePaidGuardKeepsAPaidOrderWhenTheDeadlinePasses() {
    Drive yaml = Drive.start(yaml()).send("RECORD_PAYMENT").fire("ORDER_EXPIRED");
    assertThat(yaml.value()).containsExactly("awaiting_payment");
    assertThat(yaml.context("paid")).isEqualTo(true);
    both(d -> d.send("RECORD_PAYMENT").fire("ORDER_EXPIRED"));
  }

  @Test
  void retriesEverySixHoursThreeTimesThenGivesUp() {
    Drive yaml = RETRIES_RUN_OUT.apply(Drive.start(yaml()));
    assertThat(yaml.value()).containsExactly("payment_failed");
    assertThat(yaml.context("retries")).isEqualTo(3);
    assertThat(yaml.snapshot().isDone()).isTrue();
    assertThat(both(RETRIES_RUN_OUT)).hasSize(7);
  }

  @Test
  void leavingTheStateCancelsItsTimers() {
    Drive yaml = Drive.start(yaml()).send("PAY");
    assertThat(yaml.snapshot().timers()).isEmpty();
    both(d -> d.send("PAY").send("DECLINED").fire("RETRY_PAYMENT").send("PAYMENT_SUCCESS"));
  }

  @Test
  void theReadmeShowsThisFileAsItIs() throws IOException {
    assertThat(Files.readString(Path.of("../README.md")))
        .contains("```yaml\n" + Files.readString(FILE) + "```");
  }

  @Test
  void theJsonFormReadsTheSameMachine() {
    String json =
        """
        {"id": "order", "initial": "awaiting_payment", "context": {"paid": false},
         "states": {
           "awaiting_payment": {"on": {"PAY": "processing",
             "RECORD_PAYMENT": {"actions": "markPaid"},
             "ORDER_EXPIRED": {"target": "cancelled", "guards": "isNotPaid", "after": "P7D"}}},
           "processing": {"on": {"DECLINED": "retrying_payment", "CAPTURED": "paid"}},
           "retrying_payment": {"on": {
             "RETRY_PAYMENT": {"actions": ["retryPayment"], "every": "PT6H", "max": 3,
                               "then": "MAX_RETRIES"},
             "MAX_RETRIES": "payment_failed", "PAYMENT_SUCCESS": "paid"}},
           "paid": {"type": "final"}, "cancelled": {"type": "final"},
           "payment_failed": {"type": "final"}}}
        """;
    MachineDefinition fromJson = MachineFormat.json().read("order.json", json, Drive.BEHAVIORS);
    UnaryOperator<Drive> scenario =
        d -> d.send("PAY").send("DECLINED").fire("RETRY_PAYMENT").fire("RETRY_PAYMENT");
    assertThat(scenario.apply(Drive.start(fromJson)).trace())
        .containsExactlyElementsOf(scenario.apply(Drive.start(java())).trace());
  }
}
