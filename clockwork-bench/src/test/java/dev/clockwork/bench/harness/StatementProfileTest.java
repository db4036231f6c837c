package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementProfileTest {
  @Test
  void generateSeriesPlaceholdersAreCastSoAGenericPlanCanBeMade() {
    assertThat(
            StatementProfile.explainable(
                "SELECT level FROM generate_series($3, $4) AS p(level) WHERE x = $1"))
        .isEqualTo("SELECT level FROM generate_series($3::int, $4::int) AS p(level) WHERE x = $1");
    assertThat(StatementProfile.explainable("SELECT 1")).isEqualTo("SELECT 1");
  }
}
