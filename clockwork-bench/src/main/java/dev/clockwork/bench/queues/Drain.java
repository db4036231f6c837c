package dev.clockwork.bench.queues;

import dev.clockwork.bench.durable.BenchDatabase;
import dev.clockwork.bench.durable.BenchPostgres;
import dev.clockwork.bench.durable.CallStats;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One measured drain: a file-level copy of a seed database, an engine on it, its workers started,
 * and the clock running until every queued event was consumed or dead-lettered. Checked afterwards
 * by the caller, on the copy, before it is dropped.
 */
final class Drain {
  private static final Duration LIMIT = Duration.ofMinutes(5);

  /**
   * What to drain and how to tell it is done.
   *
   * @param seed the seed database to copy
   * @param engine the engine on the copy's (watched) store
   * @param events the events queued in the seed, consumed or dead-lettered by the end
   * @param watched instances whose events are timed on their own
   * @param watchedEvents how many of the events are theirs
   */
  record Plan(
      String seed,
      Function<Store, Engine> engine,
      long events,
      Predicate<String> watched,
      long watchedEvents) {}

  /**
   * @param seconds from the workers' start until the commit that consumed the last event returned
   * @param watchedSeconds from the start until the last commit of a watched instance returned
   * @param mostAtOnce the most instances of each machine processed at once
   * @param calls the timed store calls, by method
   * @param check what the caller's check found on the drained copy
   */
  record Result(
      long events,
      double seconds,
      long watchedEvents,
      double watchedSeconds,
      long deadLettered,
      Map<String, Integer> mostAtOnce,
      Map<String, CallStats> calls,
      String check) {
    double eventsPerSecond() {
      return events / seconds;
    }

    double watchedPerSecond() {
      return watchedEvents / watchedSeconds;
    }

    boolean correct() {
      return check.startsWith("OK");
    }

    /** "claim 212 × 3.10 ms (47.2 each), commit 200 × 9.84 ms (50.0 each), …". */
    String describeCalls() {
      List<String> parts = new ArrayList<>();
      calls.forEach(
          (method, stats) ->
              parts.add(
                  String.format(
                      Locale.ROOT,
                      stats.itemsPerCall() == 1
                          ? "%s %,d × %.2f ms"
                          : "%s %,d × %.2f ms (%.1f each)",
                      method,
                      stats.calls(),
                      stats.meanMillis(),
                      stats.itemsPerCall())));
      return String.join(", ", parts);
    }
  }

  private final BenchPostgres server;

  Drain(BenchPostgres server) {
    this.server = server;
  }

  /** Drains a copy of {@code plan.seed()} named {@code name}, then checks it with {@code check}. */
  Result run(Plan plan, String name, Function<BenchDatabase, String> check)
      throws InterruptedException {
    server.drop(name);
    try (BenchDatabase database = server.copy(plan.seed(), name)) {
      WatchedStore watched;
      long start;
      long end;
      try (PostgresStore store = database.store()) {
        watched = new WatchedStore(store, plan.watched());
        Engine engine = plan.engine().apply(watched.store());
        database.settle();
        // the copy went through the WAL: write it out now, not in a checkpoint during the drain
        database.execute("CHECKPOINT");
        start = System.nanoTime();
        try (DrainWorkers workers = DrainWorkers.start(engine)) {
          end = awaitDrained(watched, plan.events(), start);
        }
      }
      if (end < 0) {
        throw new IllegalStateException(
            String.format(
                "%s did not drain in %d minutes: %,d consumed and %,d dead-lettered of %,d events;"
                    + " %s",
                name,
                LIMIT.toMinutes(),
                watched.consumed(),
                watched.deadLettered(),
                plan.events(),
                watched.firstError().map(Throwable::toString).orElse("no store error")));
      }
      return new Result(
          plan.events(),
          (end - start) / 1e9,
          watched.watchedConsumed(),
          (watched.lastWatchedCommitNanos() - start) / 1e9,
          watched.deadLettered(),
          watched.mostAtOnce(),
          watched.calls(),
          check.apply(database));
    } finally {
      server.drop(name);
    }
  }

  /**
   * The nanoTime at which the store call that consumed or dead-lettered the last event returned; -1
   * past the limit.
   */
  private static long awaitDrained(WatchedStore watched, long events, long start)
      throws InterruptedException {
    long deadline = start + LIMIT.toNanos();
    while (watched.consumed() + watched.deadLettered() < events) {
      if (System.nanoTime() - deadline > 0) {
        return -1;
      }
      Thread.sleep(1);
    }
    return watched.lastProgressNanos();
  }
}
