package dev.clockwork.core.interpreter;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether a step dispatches the entry actions of parallel regions instead of running them (parallel
 * dispatch), and the region timeout it arms when it does. The runtime decides it per machine; the
 * pure interpreter runs every entry action inline ({@link #OFF}) unless told otherwise.
 *
 * <p>When dispatch is on and a parallel state is entered whose regions (two or more) start at an
 * atomic initial state with entry actions, those initial states are entered without running their
 * entry actions; the step reports one {@link Effect.RegionDispatched} per region instead, and the
 * runtime runs them as jobs, each sending its outcome back as {@code @parallel.region} or {@code
 * @parallel.fail}.
 *
 * @param enabled whether entry actions are dispatched
 * @param regionTimeout how long the parallel state may stay active with unfinished regions before
 *     its {@code @fail} fires; zero: no limit
 */
public record DispatchPolicy(boolean enabled, Duration regionTimeout) {
  /** Sequential: every entry action runs in the step. */
  public static final DispatchPolicy OFF = new DispatchPolicy(false, Duration.ZERO);

  public DispatchPolicy {
    Objects.requireNonNull(regionTimeout, "regionTimeout");
    if (regionTimeout.isNegative()) {
      throw new IllegalArgumentException("a region timeout may not be negative: " + regionTimeout);
    }
  }

  /** Dispatch on, with the given region timeout (zero: none). */
  public static DispatchPolicy enabled(Duration regionTimeout) {
    return new DispatchPolicy(true, regionTimeout);
  }
}
