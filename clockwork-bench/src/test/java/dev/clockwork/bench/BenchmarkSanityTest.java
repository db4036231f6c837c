package dev.clockwork.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.bench.machines.Orders;
import java.time.Instant;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every interpreter benchmark's setup, with its {@link Sanity} checks, and a few of its operations,
 * exactly as JMH runs them: a benchmark whose expectation goes stale fails {@code mvn verify}
 * instead of stopping the next {@code clockwork-bench/run interpreter}.
 */
class BenchmarkSanityTest {

  @Test
  void toggleFlipsInEveryFramework() {
    ToggleBenchmark bench = new ToggleBenchmark();
    ToggleBenchmark.ClockworkToggle clockwork = new ToggleBenchmark.ClockworkToggle();
    clockwork.start();
    ToggleBenchmark.SpringToggle spring = new ToggleBenchmark.SpringToggle();
    spring.start();
    ToggleBenchmark.SquirrelToggle squirrel = new ToggleBenchmark.SquirrelToggle();
    squirrel.start();
    try {
      assertThat(bench.clockwork(clockwork).value()).containsExactly("on");
      assertThat(bench.clockwork(clockwork).value()).containsExactly("off");
      bench.spring(spring);
      assertThat(spring.machine.getState().getId()).isEqualTo("off");
      assertThat(bench.squirrel(squirrel)).isEqualTo("off");
    } finally {
      spring.stop();
    }
  }

  @Test
  void orderCyclesCountOnePaymentPerCycle() {
    OrderBenchmark bench = new OrderBenchmark();
    OrderBenchmark.ClockworkOrder clockwork = new OrderBenchmark.ClockworkOrder();
    clockwork.start();
    OrderBenchmark.SpringOrder spring = new OrderBenchmark.SpringOrder();
    spring.start();
    OrderBenchmark.SquirrelOrder squirrel = new OrderBenchmark.SquirrelOrder();
    squirrel.start();
    try {
      for (int cycle = 1; cycle <= 3; cycle++) {
        assertThat(bench.clockwork(clockwork).context().getLong(Orders.COUNT, -1)).isEqualTo(cycle);
        bench.spring(spring);
        assertThat(bench.squirrel(squirrel)).isEqualTo(Orders.IDLE);
      }
      assertThat(clockwork.snapshot.value()).containsExactly(Orders.IDLE);
      // setup ran one cycle on the Spring and squirrel machines themselves
      assertThat(spring.machine.getExtendedState().get(Orders.COUNT, Long.class)).isEqualTo(4);
      assertThat(squirrel.context.count).isEqualTo(4);
    } finally {
      spring.stop();
    }
  }

  @Test
  void parallelEventFlipsEveryRegion() {
    ParallelBenchmark bench = new ParallelBenchmark();
    ParallelBenchmark.ClockworkParallel clockwork = new ParallelBenchmark.ClockworkParallel();
    clockwork.start();
    ParallelBenchmark.SpringParallel spring = new ParallelBenchmark.SpringParallel();
    spring.start();
    ParallelBenchmark.SquirrelParallel squirrel = new ParallelBenchmark.SquirrelParallel();
    squirrel.start();
    try {
      assertThat(bench.clockwork(clockwork).value()).containsExactly("p.r1.b", "p.r2.b", "p.r3.b");
      assertThat(bench.clockwork(clockwork).value()).containsExactly("p.r1.a", "p.r2.a", "p.r3.a");
      bench.spring(spring);
      assertThat(new TreeSet<>(spring.machine.getState().getIds()))
          .containsExactly("r1.a", "r2.a", "r3.a");
      bench.squirrel(squirrel);
      assertThat(new TreeSet<>(squirrel.machine.getSubStatesOn("p")))
          .containsExactly("r1.a", "r2.a", "r3.a");
    } finally {
      spring.stop();
    }
  }

  @Test
  void nextFireFindsADueAfterEachProcessedInstant() {
    NextFireBenchmark bench = new NextFireBenchmark();
    NextFireBenchmark.Specs specs = new NextFireBenchmark.Specs();
    specs.build();
    for (int i = 0; i < 64; i++) {
      assertThat(bench.cron(specs).orElseThrow()).isAfter(processed(specs, -1));
      assertThat(bench.cycle(specs).orElseThrow()).isAfter(processed(specs, -1));
      assertThat(bench.springCronReference(specs).toInstant()).isAfter(processed(specs, -1));
    }
  }

  /** The instant {@code offset} places from the next one the benchmark takes. */
  private static Instant processed(NextFireBenchmark.Specs specs, int offset) {
    return specs.processed[(specs.next + offset) & (specs.processed.length - 1)];
  }

  @Test
  void allocationMachinesToggleWhateverTheirSize() {
    AllocationBenchmark bench = new AllocationBenchmark();
    AllocationBenchmark.Small small = new AllocationBenchmark.Small();
    small.start();
    AllocationBenchmark.Large large = new AllocationBenchmark.Large();
    large.start();

    assertThat(bench.smallMachine(small).value()).containsExactly("on");
    assertThat(bench.largeMachine(large).value()).containsExactly("on");
    assertThat(bench.largeMachine(large).value()).containsExactly("off");
  }

  @Test
  void aFailedCheckStopsTheRunNamingWhatAndBothValues() {
    assertThatThrownBy(() -> Sanity.expect("[off]", "[on]", "Clockwork toggle"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Clockwork toggle: expected [on] but was [off]");
  }
}
