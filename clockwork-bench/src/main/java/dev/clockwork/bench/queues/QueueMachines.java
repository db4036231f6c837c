package dev.clockwork.bench.queues;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** The machines the queue benchmarks run. */
final class QueueMachines {
  /** The machine of the priority and poison runs. */
  static final String LEDGER = "ledger";

  /** The machine of the slow-action run. */
  static final String SLOW = "slow";

  static final String STEP = "STEP";
  static final String POISON = "POISON";
  static final String WORK = "WORK";

  /** The payload key of a STEP: its position (1, 2, 3…) in its instance's queue. */
  static final String N = "n";

  /** The context key holding the last STEP applied in order. */
  static final String SEEN = "seen";

  /** The context key counting STEPs that arrived out of order (must stay absent). */
  static final String DISORDER = "disorder";

  private QueueMachines() {}

  /**
   * One state. {@code STEP {n}} checks that {@code n} follows the last STEP applied and records it,
   * so every event writes the context and a history row and the machine checks its own order;
   * {@code POISON} refuses itself with {@code scope.fail("POISON")}, a business failure that goes
   * to the dead letters at once, without retries. STEP actions are counted in {@code running}.
   */
  static MachineDefinition ledger(String id, Running running) {
    return Machine.define(id)
        .context(Map.of(SEEN, 0L))
        .initial("open")
        .state(
            "open",
            s ->
                s.on(
                        STEP,
                        t ->
                            t.action(
                                scope -> {
                                  running.enter(id);
                                  try {
                                    long n = ((Number) scope.event().payload().get(N)).longValue();
                                    long seen = scope.context().getLong(SEEN, 0);
                                    if (n == seen + 1) {
                                      scope.set(SEEN, n);
                                    } else {
                                      scope.set(DISORDER, scope.context().getLong(DISORDER, 0) + 1);
                                    }
                                  } finally {
                                    running.exit(id);
                                  }
                                }))
                    .on(POISON, t -> t.action(scope -> scope.fail(POISON))))
        .build();
  }

  /** The machines of the caps run: {@code m0}, {@code m1}, … */
  static List<MachineDefinition> numbered(int count, Running running) {
    List<MachineDefinition> machines = new ArrayList<>(count);
    for (int k = 0; k < count; k++) {
      machines.add(ledger("m" + k, running));
    }
    return machines;
  }

  /**
   * waiting -WORK→ done, whose action takes {@code millis} of wall time (it parks: the workload is
   * an action waiting on something slow, a remote call, say) and is counted in {@code running}.
   */
  static MachineDefinition slow(int millis, Running running) {
    return Machine.define(SLOW)
        .initial("waiting")
        .state(
            "waiting",
            s ->
                s.on(
                    WORK,
                    t ->
                        t.to("done")
                            .action(
                                scope -> {
                                  running.enter(SLOW);
                                  try {
                                    park(millis);
                                  } finally {
                                    running.exit(SLOW);
                                  }
                                })))
        .state("done")
        .build();
  }

  private static void park(int millis) {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    long left;
    while ((left = deadline - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
      LockSupport.parkNanos(left);
    }
  }
}
