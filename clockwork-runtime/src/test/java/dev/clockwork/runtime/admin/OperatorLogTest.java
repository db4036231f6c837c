package dev.clockwork.runtime.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorLogTest {
  private final VirtualClock clock = VirtualClock.at("2026-11-25T10:00:00Z");
  private final OperatorLog log = new OperatorLog(new InMemoryStore(), clock);

  @Test
  void recordsWhoDidWhatAtTheEngineClocksNow() {
    OperatorAction first =
        log.record(new Operator("ops-bot", "req-1", "cli"), "queue.pause", "queue:order", Map.of());
    clock.advance(Duration.ofMinutes(1));
    OperatorAction second =
        log.record(
            Operator.named("nightly"), "dead_letter.purge", "queue:order", Map.of("purged", 3));

    List<OperatorAction> latest = log.latest(null, 10);

    assertThat(latest).containsExactly(second, first);
    assertThat(first.at()).isEqualTo(clock.instant().minus(Duration.ofMinutes(1)));
    assertThat(second.source()).isEqualTo("java");
    assertThat(second.requestId()).isNull();
    assertThat(log.latest(second.id(), 10)).containsExactly(first);
  }

  @Test
  void refusesWhatCannotBeRecordedOrRead() {
    assertThatThrownBy(() -> log.record(Operator.named(" "), "queue.pause", "queue:order", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("principal");
    assertThatThrownBy(
            () -> log.record(Operator.named("ops"), "x", "y", Map.of("when", new Object())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("when");
    assertThatThrownBy(() -> log.latest(null, 0)).hasMessageContaining("1 to 1000");
    assertThatThrownBy(() -> log.latest(null, 1001)).hasMessageContaining("1 to 1000");
  }
}
