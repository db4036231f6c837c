package dev.clockwork.bench.scaleout;

import dev.clockwork.bench.durable.BenchMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;

/**
 * One engine process of the scale-out benchmark: {@code ScaleoutNode URL USER OWNER} builds an
 * engine as an application would (default settings, the bench's counter machine, its own store and
 * pool), starts it, prints {@value #READY} and works until its standard input closes; then it
 * closes the engine and exits.
 */
public final class ScaleoutNode {
  static final String READY = "node ready";

  private ScaleoutNode() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: ScaleoutNode JDBC_URL USER OWNER");
      System.exit(2);
    }
    try (PostgresStore store = PostgresStore.builder().url(args[0]).user(args[1]).build();
        Engine engine =
            Engine.builder()
                .store(store)
                .clock(Clock.systemUTC())
                .register(BenchMachines.counter())
                .settings(s -> s.workers(w -> w.owner(args[2]).upgradeOnStart(false)))
                .build()) {
      engine.start();
      System.out.println(READY);
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // the parent closes standard input to stop the node
      }
    }
  }
}
