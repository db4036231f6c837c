package dev.clockwork.core.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventValidatorTest {
  private static MachineBuilder order() {
    return Machine.define("order")
        .initial("idle")
        .state("idle", s -> s.on("PAY", "paid").on("NOTE", "idle"))
        .finalState("paid");
  }

  @Test
  void theDefinitionGivesThePayloadProblemsOfAValidatedEvent() {
    MachineDefinition order =
        order().validate("PAY", EventValidator.requiring("amount", "currency")).build();

    assertThat(order.validate("PAY", Map.of("amount", 10)))
        .containsExactly("payload.currency is required");
    assertThat(order.validate("PAY", Map.of("amount", 10, "currency", "EUR"))).isEmpty();
    assertThat(order.validate("NOTE", Map.of())).as("no validator: no problems").isEmpty();
    assertThat(order.validatedEvents()).containsExactly("PAY");
  }

  @Test
  void aNullValueCountsAsMissing() {
    MachineDefinition order = order().validate("PAY", EventValidator.requiring("amount")).build();
    Map<String, Object> payload = new HashMap<>();
    payload.put("amount", null);

    assertThat(order.validate("PAY", payload)).containsExactly("payload.amount is required");
  }

  @Test
  void aValidatorOfItsOwnSaysWhatItFinds() {
    MachineDefinition order =
        order()
            .validate(
                "PAY",
                p ->
                    p.get("amount") instanceof Number n && n.doubleValue() > 0
                        ? List.of()
                        : List.of("payload.amount must be a positive number"))
            .build();

    assertThat(order.validate("PAY", Map.of("amount", -1)))
        .containsExactly("payload.amount must be a positive number");
    assertThat(order.validate("PAY", Map.of("amount", 5))).isEmpty();
  }

  @Test
  void validatingAnEventNoTransitionTakesIsADefinitionError() {
    assertThatThrownBy(() -> order().validate("PAYY", EventValidator.requiring("x")).build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageContaining("order.validate.PAYY")
        .hasMessageContaining("[NOTE, PAY]");
  }

  @Test
  void twoValidatorsForOneEventAreADefinitionError() {
    assertThatThrownBy(
            () ->
                order()
                    .validate("PAY", EventValidator.requiring("a"))
                    .validate("PAY", EventValidator.requiring("b"))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageContaining("two validators");
  }
}
