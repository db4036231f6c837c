package dev.clockwork.runtime.metrics;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.store.QueueStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * The queue seed's metrics through Micrometer, tagged by machine (never by instance, so the number
 * of time series stays bounded): {@code queue.pending}, {@code queue.processing}, {@code
 * queue.dlq_size} (gauges read from the store), {@code queue.completed}, {@code queue.failed},
 * {@code queue.retried} (counters), {@code queue.processing_time} and {@code queue.wait_time}
 * (timers with histograms).
 *
 * <pre>{@code
 * MicrometerQueueMetrics.bind(engine, registry);
 * }</pre>
 */
public final class MicrometerQueueMetrics implements QueueListener {
  private final MeterRegistry registry;
  private final Engine engine;
  private final Map<String, Boolean> gauged = new ConcurrentHashMap<>();

  private MicrometerQueueMetrics(Engine engine, MeterRegistry registry) {
    this.engine = engine;
    this.registry = registry;
  }

  /** Registers the meters and starts listening to {@code engine}'s queue processing. */
  public static MicrometerQueueMetrics bind(Engine engine, MeterRegistry registry) {
    MicrometerQueueMetrics metrics = new MicrometerQueueMetrics(engine, registry);
    engine.listen(metrics);
    engine.queues().status().forEach(stats -> metrics.gauges(stats.machine()));
    return metrics;
  }

  @Override
  public void completed(String machine, Duration waited, Duration took) {
    gauges(machine);
    Counter.builder("queue.completed").tag("machine", machine).register(registry).increment();
    timer("queue.wait_time", machine).record(waited.isNegative() ? Duration.ZERO : waited);
    timer("queue.processing_time", machine).record(took);
  }

  @Override
  public void failed(String machine, boolean retryable) {
    gauges(machine);
    Counter.builder("queue.failed")
        .tag("machine", machine)
        .tag("retryable", String.valueOf(retryable))
        .register(registry)
        .increment();
  }

  @Override
  public void retried(String machine) {
    Counter.builder("queue.retried").tag("machine", machine).register(registry).increment();
  }

  private Timer timer(String name, String machine) {
    return Timer.builder(name)
        .tag("machine", machine)
        .publishPercentileHistogram()
        .register(registry);
  }

  /** The store-read gauges of a machine, registered once. */
  private void gauges(String machine) {
    if (gauged.putIfAbsent(machine, Boolean.TRUE) != null) {
      return;
    }
    gauge("queue.pending", machine, QueueStats::pending);
    gauge("queue.processing", machine, QueueStats::processing);
    gauge("queue.dlq_size", machine, QueueStats::deadLetters);
  }

  private void gauge(String name, String machine, ToDoubleFunction<QueueStats> figure) {
    Gauge.builder(name, engine, e -> figure.applyAsDouble(e.queues().status(machine)))
        .tag("machine", machine)
        .register(registry);
  }
}
