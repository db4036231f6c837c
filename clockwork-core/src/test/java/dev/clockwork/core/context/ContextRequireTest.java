package dev.clockwork.core.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextRequireTest {
  private final Context context = Context.of(Map.of("order_id", "o-1", "amount_cents", 4200));

  @Test
  void aRequiredValueIsReadWhenPresent() {
    assertThat(context.requireString("order_id")).isEqualTo("o-1");
    assertThat(context.requireLong("amount_cents")).isEqualTo(4200L);
  }

  @Test
  void aMissingRequiredValueNamesItsKeyAndWhatItMustHold() {
    assertThatThrownBy(() -> context.requireLong("tax_cents"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("context key 'tax_cents' is missing: it must hold a number");
    assertThatThrownBy(() -> context.requireString("customer"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("context key 'customer' is missing: it must hold a string");
  }

  @Test
  void aRequiredValueOfAnotherTypeNamesItsKeyAndType() {
    assertThatThrownBy(() -> context.requireString("amount_cents"))
        .isInstanceOf(ClassCastException.class)
        .hasMessageContaining("context key 'amount_cents' holds a Integer (4200), not a String");
  }
}
