package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.RetryPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** A {@code queue.retry} block made in code; see {@link RetryPolicy} and {@link Backoff}. */
public final class RetrySettingsBuilder extends CodeBlock<RetrySettingsBuilder> {
  RetrySettingsBuilder(Map<String, Object> values) {
    super(values);
  }

  /** {@code max_attempts}: attempts before an event goes to the dead letters. */
  public RetrySettingsBuilder maxAttempts(int attempts) {
    return set("max_attempts", "maxAttempts", attempts);
  }

  /** {@code backoff}: {@code linear} or {@code exponential}. */
  public RetrySettingsBuilder backoff(String kind) {
    return set("backoff", "backoff", kind);
  }

  /** {@code initial_delay}: the wait before the first retry. */
  public RetrySettingsBuilder initialDelay(Duration delay) {
    return set("initial_delay", "initialDelay", delay);
  }

  /** {@code max_delay}: the longest wait. */
  public RetrySettingsBuilder maxDelay(Duration delay) {
    return set("max_delay", "maxDelay", delay);
  }

  /** {@code jitter}: the random part (0 to 1) each wait may be shortened by. */
  public RetrySettingsBuilder jitter(double fraction) {
    return set("jitter", "jitter", fraction);
  }

  RetrySettingsBuilder all(RetryPolicy policy) {
    Objects.requireNonNull(policy, "retry");
    Backoff backoff = policy.backoff();
    return maxAttempts(policy.maxAttempts())
        .backoff(backoff.exponential() ? "exponential" : "linear")
        .initialDelay(backoff.initialDelay())
        .maxDelay(backoff.maxDelay())
        .jitter(backoff.jitter());
  }
}
