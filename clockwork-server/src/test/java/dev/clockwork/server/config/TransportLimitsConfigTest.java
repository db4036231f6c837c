package dev.clockwork.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.server.http.TransportLimits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The {@code server.limits.idle_timeout} setting: read, defaulted and checked. */
class TransportLimitsConfigTest {
  private static ServerConfig read(String limits) {
    return ServerConfig.from(Settings.parse("server:\n  limits:\n" + limits, "clockwork.yaml"));
  }

  @Test
  void readsTheIdleTimeoutAndKeepsTheOtherDefaults() {
    assertThat(read("    idle_timeout: 10 seconds\n").limits())
        .isEqualTo(TransportLimits.DEFAULT.withIdleTimeout(Duration.ofSeconds(10)));
  }

  @Test
  void theIdleTimeoutIsThirtySecondsWhenNotGiven() {
    assertThat(read("    max_requests: 50\n").limits().idleTimeout())
        .isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void aZeroIdleTimeoutIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> read("    idle_timeout: 0 seconds\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.limits.idle_timeout")
        .hasMessageContaining("positive");
  }

  @Test
  void anIdleTimeoutBelowAMillisecondIsRefusedFromJava() {
    assertThatThrownBy(() -> TransportLimits.DEFAULT.withIdleTimeout(Duration.ofNanos(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("idle timeout");
  }
}
