package dev.clockwork.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyJoinTest {
  private final List<Long> latencies = new ArrayList<>();
  private final LatencyJoin join = new LatencyJoin(latencies::add);

  @Test
  void joinsEitherOrderAndHoldsOnlyWhatWaits() {
    join.enqueued(1, 100);
    join.committed(2, 500); // reported before the producer had the id back
    assertThat(join.waiting()).isEqualTo(2);

    join.committed(1, 130);
    join.enqueued(2, 450);

    assertThat(latencies).containsExactly(30L, 50L);
    assertThat(join.joined()).isEqualTo(2);
    assertThat(join.waiting()).isZero();
  }

  @Test
  void anEventNotAppliedJoinsWithoutALatencyInEitherOrder() {
    join.enqueued(1, 100);
    join.notApplied(1);
    join.notApplied(2);
    join.enqueued(2, 200);

    assertThat(latencies).isEmpty();
    assertThat(join.joined()).isEqualTo(2);
    assertThat(join.waiting()).as("nothing held for ever").isZero();
  }
}
