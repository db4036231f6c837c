package dev.clockwork.bench.durable;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.Map;

/** The machines the durable benchmarks run. */
public final class BenchMachines {
  public static final String COUNTER = "counter";
  public static final String STEP = "STEP";

  /** The payload key of a STEP: its position (1, 2, 3…) in its instance's queue. */
  public static final String N = "n";

  /** The context key holding the last STEP applied in order. */
  public static final String SEEN = "seen";

  /** The context key counting STEPs that arrived out of order (must stay absent). */
  public static final String DISORDER = "disorder";

  static final String TIMED = "timed";
  static final String WAKE = "WAKE";

  /** The context key holding the instant (ISO-8601) the WAKE timer is due at. */
  static final String AT = "at";

  private BenchMachines() {}

  /**
   * One state; each {@code STEP {n}} is a transition whose action checks that {@code n} follows the
   * last one applied, so every event writes the context and a history row, and order is checked by
   * the machine itself.
   */
  public static MachineDefinition counter() {
    return Machine.define(COUNTER)
        .context(Map.of(SEEN, 0L))
        .initial("counting")
        .state(
            "counting",
            s ->
                s.on(
                    STEP,
                    t ->
                        t.action(
                            scope -> {
                              long n = ((Number) scope.event().payload().get(N)).longValue();
                              long seen = scope.context().getLong(SEEN, 0);
                              if (n == seen + 1) {
                                scope.set(SEEN, n);
                              } else {
                                scope.set(DISORDER, scope.context().getLong(DISORDER, 0) + 1);
                              }
                            })))
        .build();
  }

  /** waiting -WAKE (a one-shot timer at the context's {@code at})→ woken. */
  static MachineDefinition timed() {
    return Machine.define(TIMED)
        .initial("waiting")
        .state("waiting", s -> s.on(WAKE, t -> t.to("woken").timerFromContext(AT)))
        .state("woken")
        .build();
  }
}
