package dev.clockwork.postgres.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JSON values come back by value: integers as Long, other numbers as Double when exact. */
class JsonValuesCodecTest {

  private static Object roundTrip(Object value) {
    return JsonValuesCodec.readMap(JsonValuesCodec.write(Map.of("v", value))).get("v");
  }

  @Test
  void integersComeBackAsLongOrBigInteger() {
    assertThat(roundTrip(7)).isEqualTo(7L);
    assertThat(roundTrip((short) 3)).isEqualTo(3L);
    assertThat(roundTrip(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    BigInteger huge = BigInteger.TEN.pow(30);
    assertThat(roundTrip(huge)).isEqualTo(huge);
  }

  @Test
  void fractionsComeBackAsDoubleWhenExactElseBigDecimal() {
    assertThat(roundTrip(12.5)).isEqualTo(12.5);
    assertThat(roundTrip(0.1)).isEqualTo(0.1);
    assertThat(roundTrip(1.0)).isEqualTo(1.0);
    assertThat(roundTrip(2.5f)).isEqualTo(2.5);
    BigDecimal precise = new BigDecimal("0.1000000000000000000001");
    assertThat(roundTrip(precise)).isEqualTo(precise);
  }

  @Test
  void nestedValuesKeepTheirShape() {
    Map<String, Object> value =
        Map.of("items", List.of("a", Map.of("n", 1)), "flag", true, "none", "x");
    assertThat(roundTrip(value))
        .isEqualTo(Map.of("items", List.of("a", Map.of("n", 1L)), "flag", true, "none", "x"));
    assertThat(JsonValuesCodec.readMap("{\"nothing\": null}")).containsEntry("nothing", null);
  }

  @Test
  void notANumberIsKeptAsText() {
    assertThat(roundTrip(Double.NaN)).isEqualTo("NaN");
  }
}
