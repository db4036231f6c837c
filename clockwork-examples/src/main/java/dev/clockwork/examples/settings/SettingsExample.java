package dev.clockwork.examples.settings;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import java.time.Clock;
import java.time.Duration;

/** The README's configuration example: a file, then code over it under the same names. */
public final class SettingsExample {
  private SettingsExample() {}

  // snippet:start settings-file
  static final String CLOCKWORK_YAML =
      """
      queue:
        concurrency: 10
        retry:
          max_attempts: 3
          jitter: 0.2            # each wait shortened by up to a fifth, at random
      machines:
        order:
          queue:
            concurrency: 5
      timers:
        batch_size: 100
      workers:                   # this node's own: threads, leases, the queues it serves
        threads: 16
        lease_time: 30 seconds
        queues: default, reports
      """;

  // snippet:end settings-file

  /** An engine on the file above, with code over it; its settings are resolved once, here. */
  public static Engine build(Clock clock) {
    MachineDefinition order =
        Machine.define("order")
            .initial("open")
            .state("open", s -> s.on("CLOSE", "closed"))
            .finalState("closed")
            .build();
    // snippet:start settings-code
    Engine engine =
        Engine.builder()
            .clock(clock)
            .register(order)
            .config(Settings.parse(CLOCKWORK_YAML, "clockwork.yaml")) // or Settings.load(path)
            .settings(
                s ->
                    s.queue(q -> q.retry(r -> r.maxAttempts(5))) // queue.retry.max_attempts
                        .machine("order", m -> m.queue(q -> q.concurrency(8)))
                        .workers(w -> w.threads(4).leaseTime(Duration.ofSeconds(20))))
            .build();
    engine.settings().queue("order"); // concurrency 8, 5 attempts, jitter 0.2
    engine.settings().workers(); // 4 threads, 20 s leases, queues default and reports
    // snippet:end settings-code
    return engine;
  }
}
