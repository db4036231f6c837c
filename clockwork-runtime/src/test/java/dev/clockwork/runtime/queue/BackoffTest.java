package dev.clockwork.runtime.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** One backoff for queue retries and callbacks: linear or exponential, capped, with jitter. */
class BackoffTest {

  @Test
  void exponentialDoublesUpToItsCap() {
    Backoff backoff = Backoff.exponential(Duration.ofSeconds(1), Duration.ofSeconds(5));
    assertThat(backoff.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(backoff.delayAfter(3)).isEqualTo(Duration.ofSeconds(4));
    assertThat(backoff.delayAfter(4)).isEqualTo(Duration.ofSeconds(5));
    assertThat(backoff.delayAfter(1_000)).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void linearWaitsTheSameEachTime() {
    Backoff backoff = new Backoff(false, Duration.ofSeconds(3), Duration.ofMinutes(5), 0);
    assertThat(backoff.delayAfter(1)).isEqualTo(Duration.ofSeconds(3));
    assertThat(backoff.delayAfter(7)).isEqualTo(Duration.ofSeconds(3));
    assertThat(Backoff.linear(Duration.ZERO).delayAfter(2)).isZero();
  }

  @Test
  void jitterShortensEachWaitByUpToItsFractionAndNeverLengthensIt() {
    Backoff backoff =
        Backoff.exponential(Duration.ofSeconds(10), Duration.ofMinutes(1)).withJitter(0.5);
    Random random = new Random(42);
    for (int i = 0; i < 1_000; i++) {
      assertThat(backoff.delayAfter(1, random))
          .isBetween(Duration.ofSeconds(5), Duration.ofSeconds(10));
    }
    assertThat(backoff.delayAfter(1, new FixedRandom(0.5))).isEqualTo(Duration.ofMillis(7_500));
    assertThat(backoff.delayAfter(3, new FixedRandom(0.5))).isEqualTo(Duration.ofSeconds(30));
    assertThat(backoff.withJitter(0).delayAfter(1, new FixedRandom(0.9)))
        .isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void wrongValuesAreNamed() {
    assertThatThrownBy(() -> Backoff.exponential(Duration.ofMinutes(2), Duration.ofMinutes(1)))
        .hasMessageContaining("maxDelay PT1M is shorter than its initial delay PT2M");
    assertThatThrownBy(() -> Backoff.linear(Duration.ofSeconds(-1)))
        .hasMessageContaining("initialDelay must be zero or more");
    assertThatThrownBy(() -> Backoff.linear(Duration.ZERO).withJitter(1.5))
        .hasMessageContaining("jitter must be from 0 to 1");
  }

  @Test
  void aRetryPolicyWaitsByItsBackoff() {
    RetryPolicy policy =
        new RetryPolicy(3, Backoff.exponential(Duration.ofSeconds(1), Duration.ofMinutes(5)));
    assertThat(policy.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(policy.allowsRetryAfter(2)).isTrue();
    assertThat(policy.allowsRetryAfter(3)).isFalse();
    assertThat(RetryPolicy.DEFAULT).isEqualTo(policy);
  }

  /** A random source that always draws {@code value}. */
  private static final class FixedRandom extends Random {
    private static final long serialVersionUID = 1L;
    private final double value;

    FixedRandom(double value) {
      this.value = value;
    }

    @Override
    public double nextDouble() {
      return value;
    }
  }
}
