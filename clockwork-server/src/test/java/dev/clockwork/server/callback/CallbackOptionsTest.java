package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Callback options are checked when built, with errors naming the value and the fix. */
class CallbackOptionsTest {
  private static CallbackOptions.Builder valid() {
    return CallbackOptions.builder(new InMemoryStore().callbacks())
        .secret("sixteen-chars-at-least")
        .allowHost("hooks.example.com");
  }

  @Test
  void theDefaultsAreNamed() {
    CallbackOptions options = valid().build();

    assertThat(options.maxAttempts()).isEqualTo(CallbackOptions.DEFAULT_MAX_ATTEMPTS);
    assertThat(options.timeout()).isEqualTo(CallbackOptions.DEFAULT_TIMEOUT);
    assertThat(options.pollInterval()).isEqualTo(CallbackOptions.DEFAULT_POLL_INTERVAL);
    assertThat(options.backoff().delayAfter(1))
        .isEqualTo(CallbackOptions.DEFAULT_BACKOFF.initialDelay())
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(options.backoff().delayAfter(100))
        .isEqualTo(CallbackOptions.DEFAULT_BACKOFF.maxDelay())
        .isEqualTo(Duration.ofMinutes(10));
    assertThat(options.allowHttp()).isFalse();
    assertThat(options.leaseTime()).isGreaterThan(options.timeout());
  }

  @Test
  void theBackoffDoublesUpToItsCap() {
    CallbackOptions options =
        valid().backoff(Backoff.exponential(Duration.ofSeconds(5), Duration.ofSeconds(30))).build();

    assertThat(options.backoff().delayAfter(1)).isEqualTo(Duration.ofSeconds(5));
    assertThat(options.backoff().delayAfter(2)).isEqualTo(Duration.ofSeconds(10));
    assertThat(options.backoff().delayAfter(3)).isEqualTo(Duration.ofSeconds(20));
    assertThat(options.backoff().delayAfter(4)).isEqualTo(Duration.ofSeconds(30));
    assertThat(options.backoff().delayAfter(40)).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void aSecretAndAnAllowedHostAreRequired() {
    assertThatThrownBy(() -> valid().secret(null).build()).hasMessageContaining("signing secret");
    assertThatThrownBy(() -> valid().secret("short").build()).hasMessageContaining("16 characters");
    assertThatThrownBy(
            () ->
                CallbackOptions.builder(new InMemoryStore().callbacks())
                    .secret("sixteen-chars-at-least")
                    .build())
        .hasMessageContaining("at least one allowed host")
        .hasMessageContaining("allowHost(");
  }

  @Test
  void allowListEntriesThatAreNotHostsAreRefusedByName() {
    assertThatThrownBy(() -> valid().allowHost("*").build()).hasMessageContaining("'*'");
    assertThatThrownBy(() -> valid().allowHost("*.10.0.0").build())
        .hasMessageContaining("'*.10.0.0'");
    assertThatThrownBy(() -> valid().allowHost("https://hooks.example.com").build())
        .hasMessageContaining("'https://hooks.example.com'");
    assertThatThrownBy(() -> valid().allowHost("hooks.example.com:99999").build())
        .hasMessageContaining("port");
    assertThat(
            valid()
                .allowHost("*.example.com:8443")
                .allowHost("10.1.2.3")
                .build()
                .allowList()
                .entries())
        .contains("*.example.com:8443", "10.1.2.3");
  }

  @Test
  void retryAndTimingValuesMustBePositive() {
    assertThatThrownBy(() -> valid().maxAttempts(0).build()).hasMessageContaining("maxAttempts");
    assertThatThrownBy(() -> valid().timeout(Duration.ZERO).build())
        .hasMessageContaining("timeout");
    assertThatThrownBy(() -> valid().pollInterval(Duration.ofSeconds(-1)).build())
        .hasMessageContaining("pollInterval");
    assertThatThrownBy(
            () ->
                valid()
                    .backoff(Backoff.exponential(Duration.ofMinutes(2), Duration.ofMinutes(1)))
                    .build())
        .hasMessageContaining("shorter than its initial delay");
  }
}
