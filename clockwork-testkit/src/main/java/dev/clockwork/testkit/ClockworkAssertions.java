package dev.clockwork.testkit;

import dev.clockwork.runtime.Instance;

/**
 * AssertJ entry point for Clockwork types; import statically beside AssertJ's own.
 *
 * <pre>{@code
 * assertThat(test.instance()).isIn("cancelled").hasNoTimer("ORDER_EXPIRED");
 * }</pre>
 */
public final class ClockworkAssertions {
  private ClockworkAssertions() {}

  public static InstanceAssert assertThat(Instance actual) {
    return new InstanceAssert(actual);
  }
}
