package dev.clockwork.bench.scaleout;

import dev.clockwork.bench.durable.BenchMachines;
import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.Parallel;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * One configuration of the scale-out benchmark: {@code nodes} engine processes on a fresh database.
 * Created (set-up, unflushed): {@code instances} counter instances. Then: an idle window (nodes
 * running, nothing queued) whose statements give the idle queries per second per node; then the
 * offered load — {@value #PRODUCERS} threads of this JVM enqueue STEP events round-robin over the
 * instances at {@code rate} per second for {@code seconds} — until every event is applied, the
 * window of the per-event figures; then the throughput: the machine paused, as many events queued
 * again (set-up), the machine resumed and every node drains them at once. Checked: every instance
 * applied its events 1…n in order, none is left.
 */
final class ScaleoutRun {
  private static final int PRODUCERS = 16;

  record Result(
      int nodes,
      long events,
      double offeredPerSecond,
      double drainSeconds,
      double idleSeconds,
      long idleStatements,
      ServerCounters load,
      long notifications,
      String verification) {
    /** Events per second of the drain: every node at once on a backlog of {@code events}. */
    double throughput() {
      return events / drainSeconds;
    }

    double statementsPerEvent() {
      return (double) load.statements() / events;
    }

    double rowsPerEvent() {
      return (double) load.rowsScanned() / events;
    }

    /** Every listening node receives each notification. */
    double wakeUpsPerEvent() {
      return (double) notifications * nodes / events;
    }

    double idleQueriesPerSecondPerNode() {
      return idleStatements / idleSeconds / nodes;
    }

    boolean correct() {
      return verification.startsWith("OK");
    }
  }

  private final BenchPostgres server;
  private final int instances;
  private final double rate;
  private final double seconds;
  private final double idleSeconds;

  ScaleoutRun(
      BenchPostgres server, int instances, double rate, double seconds, double idleSeconds) {
    this.server = server;
    // a multiple of the producers: each instance's events then come from one producer, in order
    this.instances = Math.max(1, (instances + PRODUCERS - 1) / PRODUCERS) * PRODUCERS;
    this.rate = rate;
    this.seconds = seconds;
    this.idleSeconds = idleSeconds;
  }

  Result run(int nodes, Path logs) throws IOException, SQLException {
    String name = "scaleout_" + nodes;
    server.drop(name);
    Files.createDirectories(logs);
    try (BenchDatabase database = server.create(name);
        PostgresStore store = database.store();
        Engine producer =
            Engine.builder()
                .store(store)
                .clock(Clock.systemUTC())
                .register(BenchMachines.counter())
                .build()) {
      server.setUp(
          () ->
              Parallel.forEach(
                  PRODUCERS,
                  instances,
                  i -> producer.create(NewInstance.of(BenchMachines.COUNTER).id(id(i)))));
      database.settle();
      try (NodeProcesses running = new NodeProcesses(nodes, database.url(), "postgres", logs);
          NotifyCounter notifies = new NotifyCounter(database.url(), "postgres")) {
        RunReport.progress(String.format(Locale.ROOT, "%d nodes up: idle window ...", nodes));
        ServerCounters.reset(database);
        long idleStart = System.nanoTime();
        LockSupport.parkNanos((long) (idleSeconds * 1e9));
        long idle = ServerCounters.statements(database);
        double idleTook = (System.nanoTime() - idleStart) / 1e9;

        RunReport.progress(String.format(Locale.ROOT, "%d nodes: draining a backlog ...", nodes));
        long perProducer = Math.max(1, Math.round(rate * seconds / PRODUCERS));
        long events = perProducer * PRODUCERS;
        store.queueAdmin().pause(BenchMachines.COUNTER);
        server.setUp(() -> Parallel.run(PRODUCERS, k -> offer(producer, k, 0, perProducer, 0)));
        long resumed = System.nanoTime();
        store.queueAdmin().resume(BenchMachines.COUNTER);
        awaitDrained(database, resumed);
        double drained = (System.nanoTime() - resumed) / 1e9;
        // sessions report their table counters at most once a second: before the reset, not after
        LockSupport.parkNanos(2_500_000_000L);

        RunReport.progress(String.format(Locale.ROOT, "%d nodes: offered load ...", nodes));
        ServerCounters.reset(database);
        notifies.reset();
        long start = System.nanoTime();
        Parallel.run(PRODUCERS, k -> offer(producer, k, events, perProducer, start));
        double offered = (System.nanoTime() - start) / 1e9;
        awaitDrained(database, start);
        long received = notifies.received();
        running.close(); // the sessions report their table counters on exit
        ServerCounters load = ServerCounters.read(database);
        return new Result(
            nodes,
            events,
            events / offered,
            drained,
            idleTook,
            idle,
            load,
            received,
            verify(database, 2 * events));
      }
    } finally {
      server.drop(name);
    }
  }

  /**
   * Producer {@code k}: its {@code count} of the next {@code count × PRODUCERS} events after the
   * first {@code offered}, paced to {@code rate / PRODUCERS} a second from {@code start} (not paced
   * when {@code start} is 0).
   */
  private void offer(Engine producer, int k, long offered, long count, long start) {
    double interval = PRODUCERS * 1e9 / rate;
    for (long j = 0; j < count; j++) {
      long wait = start + (long) (j * interval) - System.nanoTime();
      if (start != 0 && wait > 0) {
        LockSupport.parkNanos(wait);
      }
      // instance i of this producer gets its events in order: only producer k writes to it
      long slot = offered + j * PRODUCERS + k;
      int instance = (int) (slot % instances);
      long n = slot / instances + 1;
      producer.enqueue(id(instance), Event.of(BenchMachines.STEP, Map.of(BenchMachines.N, n)));
    }
  }

  private static void awaitDrained(BenchDatabase database, long start) {
    while (database.queryLong(ServerCounters.HARNESS + "SELECT count(*) FROM cw_queue") > 0) {
      if (System.nanoTime() - start > 600e9) {
        throw new IllegalStateException("the queue did not drain in 10 minutes");
      }
      LockSupport.parkNanos(20_000_000);
    }
  }

  private String verify(BenchDatabase database, long events) {
    long perInstance = events / instances;
    long extra = events % instances;
    long inOrder =
        database.queryLong(
            ServerCounters.HARNESS
                + "SELECT count(*) FROM cw_instances WHERE machine = 'counter'"
                + " AND context->'disorder' IS NULL AND (context->>'seen')::bigint"
                + " = ? + CASE WHEN substr(id, 9)::int < ? THEN 1 ELSE 0 END",
            perInstance,
            extra);
    long left = database.queryLong(ServerCounters.HARNESS + "SELECT count(*) FROM cw_queue");
    boolean ok = inOrder == instances && left == 0;
    return String.format(
        Locale.ROOT,
        "%s: %,d of %,d instances applied their STEPs 1..n in order, %,d events left",
        ok ? "OK" : "WRONG",
        inOrder,
        instances,
        left);
  }

  static String id(int i) {
    return String.format("counter-%06d", i);
  }
}
