package dev.clockwork.core.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one control-character check the engine and the HTTP guard share. */
class ControlCharTest {
  @Test
  void findsTheFirstControlCharacterOrNone() {
    assertThat(InputRules.controlCharAt("order-42")).isEqualTo(-1);
    assertThat(InputRules.controlCharAt(null)).isEqualTo(-1);
    assertThat(InputRules.controlCharAt("tenant-a\u001Fx")).isEqualTo(8);
    assertThat(InputRules.controlCharAt("a\u007F")).isEqualTo(1);
    assertThat(InputRules.controlCharAt("\tx\n")).isEqualTo(0);
    assertThat(InputRules.controlCharAt("é ~")).isEqualTo(-1);
  }

  @Test
  void theMessageNamesTheFieldTheCharacterAndTheFix() {
    assertThat(InputRules.controlCharMessage("the path parameter id", "a\u001Fb", 1))
        .isEqualTo(
            "the path parameter id holds the control character U+001F at index 1; ids are"
                + " printable text: remove it");
    assertThatThrownBy(() -> InputRules.id("instance id", "a\u001Fb"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(InputRules.controlCharMessage("instance id", "a\u001Fb", 1));
  }
}
