package dev.clockwork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.bench.report.PairedResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The paired rounds run each framework's benchmark and give sane figures; a short run. */
class PairedRoundsTest {

  @Test
  void includeChoosesTheMachines() {
    assertThat(PairedRounds.machines(name -> name.contains("Order")))
        .extracting(PairedRounds.Machine::benchmark)
        .containsExactly("OrderBenchmark");
    assertThat(PairedRounds.machines(name -> true))
        .extracting(PairedRounds.Machine::benchmark)
        .containsExactly("ToggleBenchmark", "OrderBenchmark", "ParallelBenchmark");
  }

  @Test
  void aRoundPairTimesBothSidesAndTheirRatio() {
    List<PairedRounds.Machine> toggle = PairedRounds.machines(name -> name.contains("Toggle"));

    PairedResult result = new PairedRounds(100_000_000L, 5).measure(toggle.get(0));

    assertThat(result.label()).isEqualTo("toggle");
    assertThat(result.clockworkNanos()).isPositive().isFinite();
    assertThat(result.squirrelNanos()).isPositive().isFinite();
    assertThat(result.lowQuartile()).isLessThanOrEqualTo(result.ratio()).isPositive();
    assertThat(result.highQuartile()).isGreaterThanOrEqualTo(result.ratio());
  }
}
