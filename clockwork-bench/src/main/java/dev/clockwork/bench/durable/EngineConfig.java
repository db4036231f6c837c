package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;

/**
 * How the durable benchmarks run Clockwork: {@code engines} nodes on one database, {@code threads}
 * worker threads each, and the machine's concurrency cap ({@code 0}: the default, 10 per machine on
 * every node together). Written {@code 1x2}, {@code 2x16} or, with a cap, {@code 1x16:32}.
 */
record EngineConfig(int engines, int threads, int cap) {
  EngineConfig(int engines, int threads) {
    this(engines, threads, 0);
  }

  static EngineConfig parse(String text) {
    String[] capped = text.trim().split(":");
    String[] parts = capped[0].split("x");
    if (parts.length != 2 || capped.length > 2) {
      throw new IllegalArgumentException(
          "a configuration is ENGINESxTHREADS[:CAP] (1x2, 2x16, 1x16:32), not " + text);
    }
    EngineConfig config =
        new EngineConfig(
            Integer.parseInt(parts[0]),
            Integer.parseInt(parts[1]),
            capped.length == 2 ? Integer.parseInt(capped[1]) : 0);
    if (config.engines < 1 || config.threads < 1 || config.cap < 0) {
      throw new IllegalArgumentException("engines and threads must be 1 or more: " + text);
    }
    return config;
  }

  String describe() {
    return (engines == 1 ? "1 engine" : engines + " engines")
        + " × "
        + threads
        + (threads == 1 ? " thread" : " threads")
        + (cap > 0 ? ", cap " + cap : "");
  }

  /** A name fit for a database: "1x16", "1x16c32". */
  String label() {
    return engines + "x" + threads + (cap > 0 ? "c" + cap : "");
  }

  /**
   * One of the engines, as an application would build it: default options but the thread count (and
   * the cap, when there is one), without the upgrade pass at start (the benchmarks' instances are
   * seeded at the latest version, a million of them for the timers), and with {@code probe}
   * listening (none when null).
   */
  Engine engine(Store store, MachineDefinition machine, EngineProbe probe) {
    return engine(store, machine, probe, 0);
  }

  /**
   * As {@link #engine(Store, MachineDefinition, EngineProbe)}, with the timers' backpressure
   * threshold (pending events above which workers claim only queued events) at {@code
   * backpressureThreshold} when it is above 0.
   */
  Engine engine(
      Store store, MachineDefinition machine, EngineProbe probe, long backpressureThreshold) {
    Engine.Builder builder =
        Engine.builder()
            .store(store)
            .clock(Clock.systemUTC())
            .register(machine)
            .settings(s -> s.workers(w -> w.threads(threads).upgradeOnStart(false)));
    if (probe != null) {
      builder.listener(probe);
    }
    if (backpressureThreshold > 0) {
      builder.settings(s -> s.timers(t -> t.backpressureThreshold(backpressureThreshold)));
    }
    if (cap > 0) {
      builder.settings(s -> s.machine(machine.id(), m -> m.queue(q -> q.concurrency(cap))));
    }
    return builder.build();
  }
}
