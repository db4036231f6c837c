package dev.clockwork.runtime.metrics;

import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;

/**
 * The queue seed's metrics through Micrometer, tagged by machine (never by instance, so the number
 * of time series stays bounded): {@code queue.pending}, {@code queue.processing}, {@code
 * queue.dlq_size} (gauges read from the store), {@code queue.completed}, {@code queue.failed},
 * {@code queue.retried}, {@code queue.discarded} (counters; {@code queue.failed} is tagged with the
 * outcome: {@code retrying}, {@code dead_lettered}, {@code discarded}), {@code
 * queue.processing_time} and {@code queue.wait_time} (timers with histograms); {@code
 * retention.removed} (rows retention removed, tagged by table), {@code retention.pass} (how long
 * passes take), {@code retention.backlog} and {@code retention.oldest_age} (what is left to do
 * after the last pass, tagged by machine and table). An {@link EngineListener}; the engine builder
 * adds it:
 *
 * <pre>{@code
 * Engine engine = Engine.builder().register(order).store(store).metrics(registry).build();
 * }</pre>
 */
public final class MicrometerQueueMetrics implements EngineListener {
  private final MeterRegistry registry;
  private final Map<String, Boolean> gauged = new ConcurrentHashMap<>();
  private final Map<RetentionFigure, AtomicReference<Double>> retentionFigures =
      new ConcurrentHashMap<>();

  /** One retention gauge's series. */
  private record RetentionFigure(String name, String machine, String table) {}

  private volatile QueueAdmin queues;

  public MicrometerQueueMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * Registers the store-read gauges of {@code machines} and of every machine {@code admin} has
   * instances of; machines seen later get theirs with their first event.
   */
  public void gauges(QueueAdmin admin, Collection<String> machines) {
    this.queues = admin;
    machines.forEach(this::gauges);
    admin.status().forEach(stats -> gauges(stats.machine()));
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    String machine = event.machine();
    gauges(machine);
    switch (event.outcome()) {
      case APPLIED -> {
        count("queue.completed", machine);
        timer("queue.wait_time", machine).record(event.waited());
        timer("queue.processing_time", machine).record(event.took());
      }
      case RETRYING -> {
        failed(machine, "retrying");
        count("queue.retried", machine);
      }
      case DEAD_LETTERED -> failed(machine, "dead_lettered");
      case DISCARDED -> {
        failed(machine, "discarded");
        count("queue.discarded", machine);
      }
    }
  }

  /** A failed attempt, tagged with what became of the event. */
  private void failed(String machine, String outcome) {
    Counter.builder("queue.failed")
        .tag("machine", machine)
        .tag("outcome", outcome)
        .register(registry)
        .increment();
  }

  /** {@code retention.removed}: rows a retention pass removed, tagged by table. */
  @Override
  public void retentionPassed(RemovedRows removed, Duration took) {
    removed
        .byTable()
        .forEach(
            (table, rows) ->
                Counter.builder("retention.removed")
                    .tag("table", table)
                    .register(registry)
                    .increment(rows));
    Timer.builder("retention.pass").register(registry).record(took);
  }

  /**
   * {@code retention.backlog} (rows past their retention still waiting; a lower bound past the
   * pass's cap) and {@code retention.oldest_age} (seconds, 0 for an empty table), tagged by machine
   * ({@code *} for every machine without retention of its own) and table, as of the last pass.
   */
  @Override
  public void retentionBacklog(String machine, RetentionBacklog backlog, Instant now) {
    backlog
        .overdue()
        .forEach((table, rows) -> retentionGauge("retention.backlog", machine, table, rows));
    for (String table : backlog.overdue().keySet()) {
      Instant oldest = backlog.oldest().get(table);
      double age = oldest == null ? 0 : Math.max(0, Duration.between(oldest, now).toSeconds());
      retentionGauge("retention.oldest_age", machine, table, age);
    }
  }

  private void retentionGauge(String name, String machine, String table, double value) {
    AtomicReference<Double> held =
        retentionFigures.computeIfAbsent(
            new RetentionFigure(name, machine, table),
            k -> {
              AtomicReference<Double> figure = new AtomicReference<>(0.0);
              Gauge.builder(name, figure, AtomicReference::get)
                  .tag("machine", machine)
                  .tag("table", table)
                  .register(registry);
              return figure;
            });
    held.set(value);
  }

  private void count(String name, String machine) {
    Counter.builder(name).tag("machine", machine).register(registry).increment();
  }

  private Timer timer(String name, String machine) {
    return Timer.builder(name)
        .tag("machine", machine)
        .publishPercentileHistogram()
        .register(registry);
  }

  /** The store-read gauges of a machine, registered once (when there is an admin to read). */
  private void gauges(String machine) {
    if (queues == null || gauged.putIfAbsent(machine, Boolean.TRUE) != null) {
      return;
    }
    gauge("queue.pending", machine, QueueStats::pending);
    gauge("queue.processing", machine, QueueStats::processing);
    gauge("queue.dlq_size", machine, QueueStats::deadLetters);
  }

  private void gauge(String name, String machine, ToDoubleFunction<QueueStats> figure) {
    Gauge.builder(name, this, m -> figure.applyAsDouble(m.queues.status(machine)))
        .tag("machine", machine)
        .register(registry);
  }
}
