package dev.clockwork.examples.queues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.clock.VirtualClock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmitChainTest {
  @Test
  void theReadmesEmitChainRepliesWithWhatEveryMachineContributed() {
    SendResult result = EmitChain.checkout(VirtualClock.at("2026-01-01T00:00:00Z"));
    assertThat(result.reply())
        .contains(Map.of("order_id", "order-001", "txn_id", "txn-123", "fraud_score", 0.1));
    assertThat(result.instance().states()).containsExactly("paid");
  }
}
