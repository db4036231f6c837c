package dev.clockwork.bench.soak;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.Parallel;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One soak: subscriptions armed, the capacity for the whole mix measured (producers creating
 * tickets and sending their STEPs as fast as they can, timers firing), then tickets offered at a
 * fixed rate for the run's minutes, each minute's figures read at its end, and at the end the
 * offered STEPs checked: every one applied, none dead-lettered.
 */
final class SoakRun {
  static final int PRODUCERS = 8;

  record Result(
      double capacity,
      double offered,
      List<SoakMinute> minutes,
      DatabaseSample first,
      List<DatabaseSample> samples,
      long enqueued,
      double achieved,
      long joined,
      long deadLettered,
      long tickets) {
    /** What the database held at the end of the last minute. */
    DatabaseSample last() {
      return samples.isEmpty() ? first : samples.get(samples.size() - 1);
    }

    boolean correct() {
      return joined == enqueued && deadLettered == 0;
    }
  }

  private final BenchPostgres server;
  private final SoakCommand settings;
  private final AtomicLong ticketIds = new AtomicLong();
  private final AtomicLong enqueued = new AtomicLong();
  private volatile MinuteCounters current = new MinuteCounters();
  private volatile boolean stopping;
  private final LatencyJoin join = new LatencyJoin(nanos -> current.latency.add(nanos));

  SoakRun(BenchPostgres server, SoakCommand settings) {
    this.server = server;
    this.settings = settings;
  }

  Result run() throws InterruptedException {
    SoakListener listener = new SoakListener(this::heard);
    server.drop("soak");
    try (BenchDatabase database = server.create("soak");
        PostgresStore store = database.store()) {
      Engine engine = settings.engine(store, listener);
      server.setUp(
          () ->
              Parallel.forEach(
                  PRODUCERS,
                  settings.subscriptions(),
                  i -> engine.create(NewInstance.of(SoakMachines.SUBSCRIPTION).id("s-" + i))));
      engine.start();
      try {
        double capacity = capacity(engine);
        double offered = settings.rate > 0 ? settings.rate : 0.7 * capacity;
        RunReport.progress(
            String.format(
                Locale.ROOT,
                "capacity %s of STEPs (the mix flat out for %d s); offering %s for %d minutes of"
                    + " %.0f s",
                Figures.rate(capacity),
                settings.calibrationSeconds(),
                Figures.rate(offered),
                settings.minutes(),
                settings.minuteSeconds));
        long before = enqueued.get();
        long joinedBefore = join.joined();
        current = new MinuteCounters();
        DatabaseSample first = DatabaseSample.read(database.harness());
        List<SoakMinute> minutes = new ArrayList<>();
        List<DatabaseSample> samples = new ArrayList<>();
        long loadStarted = System.nanoTime();
        Thread load = new Thread(() -> offer(engine, offered), "soak-load");
        load.start();
        DatabaseSample previous = first;
        long start = System.nanoTime();
        long minuteNanos = (long) (settings.minuteSeconds * 1e9);
        for (int m = 1; m <= settings.minutes(); m++) {
          LockSupport.parkNanos(start + m * minuteNanos - System.nanoTime());
          MinuteCounters done = current;
          current = new MinuteCounters();
          DatabaseSample sample = DatabaseSample.read(database.harness());
          SoakMinute minute = minute(m, done, previous, sample);
          minutes.add(minute);
          samples.add(sample);
          RunReport.progress(SoakTables.line(minute));
          previous = sample;
        }
        stopping = true;
        load.join();
        long offeredSteps = enqueued.get() - before;
        double achieved = offeredSteps / ((System.nanoTime() - loadStarted) / 1e9);
        long expected = joinedBefore + offeredSteps;
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (join.joined() < expected && System.nanoTime() < deadline) {
          LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
        return new Result(
            capacity,
            offered,
            minutes,
            first,
            samples,
            offeredSteps,
            achieved,
            join.joined() - joinedBefore,
            listener.deadLettered(),
            ticketIds.get());
      } finally {
        engine.close();
      }
    } finally {
      server.drop("soak");
    }
  }

  private void heard(ProcessedEvent event) {
    if (event.outcome() != Outcome.APPLIED) {
      if (SoakMachines.STEP.equals(event.type()) && event.eventId() > 0) {
        join.notApplied(event.eventId()); // or its enqueue side would wait for ever
      }
      return;
    }
    MinuteCounters counters = current;
    counters.events.incrementAndGet();
    if ("timer".equals(event.source())) {
      counters.lateness.add(Duration.between(event.readyAt(), event.committedAt()).toNanos());
    } else if (SoakMachines.STEP.equals(event.type()) && event.eventId() > 0) {
      join.committed(event.eventId(), System.nanoTime());
    }
  }

  /**
   * The rate the whole mix sustains: the producers create tickets and send their STEPs as fast as
   * they can for the calibration period, and the STEPs applied in it per second are the capacity;
   * what is still queued at its end is drained before the run begins.
   */
  private double capacity(Engine engine) throws InterruptedException {
    long joinedBefore = join.joined();
    long enqueuedBefore = enqueued.get();
    Thread load = new Thread(() -> offer(engine, Double.POSITIVE_INFINITY), "soak-calibration");
    long begin = System.nanoTime();
    load.start();
    LockSupport.parkNanos(Duration.ofSeconds(settings.calibrationSeconds()).toNanos());
    long applied = join.joined() - joinedBefore;
    double seconds = (System.nanoTime() - begin) / 1e9;
    stopping = true;
    load.join();
    stopping = false;
    long target = joinedBefore + (enqueued.get() - enqueuedBefore);
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (join.joined() < target && System.nanoTime() < deadline) {
      LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
    }
    return applied / seconds;
  }

  /** {@link #PRODUCERS} threads start tickets at {@code rate} STEPs a second in all. */
  private void offer(Engine engine, double rate) {
    long intervalNanos =
        Double.isInfinite(rate) ? 0 : (long) (1e9 * PRODUCERS * SoakMachines.STEPS / rate);
    long begin = System.nanoTime();
    Parallel.run(
        PRODUCERS,
        k -> {
          long next = begin + k * intervalNanos / PRODUCERS;
          while (!stopping) {
            LockSupport.parkNanos(next - System.nanoTime());
            startTicket(engine);
            next += intervalNanos;
          }
        });
  }

  /** Creates a ticket and enqueues its STEPs, each timed from its enqueue. */
  private void startTicket(Engine engine) {
    String id = "t-" + ticketIds.incrementAndGet();
    engine.create(NewInstance.of(SoakMachines.TICKET).id(id));
    for (int n = 1; n <= SoakMachines.STEPS; n++) {
      long at = System.nanoTime();
      long queued = engine.enqueue(id, Event.of(SoakMachines.STEP, Map.of("n", n))).id();
      enqueued.incrementAndGet();
      join.enqueued(queued, at);
    }
  }

  private SoakMinute minute(
      int m, MinuteCounters done, DatabaseSample previous, DatabaseSample sample) {
    System.gc();
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    return new SoakMinute(
        m,
        done.events.get(),
        settings.minuteSeconds,
        done.latency.percentile(0.5),
        done.latency.percentile(0.99),
        done.lateness.percentile(0.99),
        sample.totalBytes(),
        sample.deadTuples(),
        heap,
        join.waiting(),
        sample.connections(),
        sample.deletedSince(previous, "cw_instances"),
        sample.deletedSince(previous, "cw_history"),
        sample.checkpoints() - previous.checkpoints(),
        sample.autovacuums() - previous.autovacuums());
  }
}
