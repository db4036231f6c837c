package dev.clockwork.runtime.admin;

import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How long each machine's events took to process lately, measured by the engine as it commits them:
 * the average over a window (5 minutes by default, at most 10,000 events per machine). What queue
 * health compares with {@code processing_time_warning} and {@code processing_time_critical}.
 */
public final class ProcessingTimes implements EngineListener {
  private static final int MAX_SAMPLES = 10_000;

  private final Duration window;
  private final Map<String, Deque<Sample>> byMachine = new ConcurrentHashMap<>();

  private record Sample(Instant at, long nanos) {}

  public ProcessingTimes(Duration window) {
    this.window = window;
  }

  public ProcessingTimes() {
    this(Duration.ofMinutes(5));
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    Deque<Sample> samples = byMachine.computeIfAbsent(event.machine(), m -> new ArrayDeque<>());
    synchronized (samples) {
      samples.addLast(new Sample(event.committedAt(), event.took().toNanos()));
      if (samples.size() > MAX_SAMPLES) {
        samples.removeFirst();
      }
    }
  }

  /** Each machine's average processing time over the window ending at {@code now}. */
  public Map<String, Duration> averages(Instant now) {
    Instant from = now.minus(window);
    Map<String, Duration> averages = new HashMap<>();
    byMachine.forEach(
        (machine, samples) -> {
          synchronized (samples) {
            while (!samples.isEmpty() && samples.peekFirst().at().isBefore(from)) {
              samples.removeFirst();
            }
            if (!samples.isEmpty()) {
              long total = 0;
              for (Sample sample : samples) {
                total += sample.nanos();
              }
              averages.put(machine, Duration.ofNanos(total / samples.size()));
            }
          }
        });
    return averages;
  }
}
