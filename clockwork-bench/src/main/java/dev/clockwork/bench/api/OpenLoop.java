package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.Samples;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A fixed-rate load: request {@code i} is due at {@code start + i / rate}, sent then whatever the
 * earlier ones are doing, and its latency counted from when it was due — so a server that falls
 * behind shows it in the percentiles (no coordinated omission).
 */
final class OpenLoop {
  /** Latencies (ns, from the due instant), status counts and the achieved rate. */
  record Result(Samples latencies, Map<Integer, Long> statuses, long failures, double seconds) {}

  private OpenLoop() {}

  static Result run(HttpClient http, int requests, int perSecond, IntFunction<HttpRequest> request)
      throws InterruptedException {
    Samples latencies = new Samples();
    Map<Integer, Long> statuses = new ConcurrentHashMap<>();
    AtomicLong failures = new AtomicLong();
    CountDownLatch done = new CountDownLatch(requests);
    var timer = Executors.newSingleThreadScheduledExecutor();
    long start = System.nanoTime() + Duration.ofMillis(50).toNanos();
    long intervalNanos = 1_000_000_000L / perSecond;
    for (int i = 0; i < requests; i++) {
      int index = i;
      long due = start + i * intervalNanos;
      timer.schedule(
          () -> {
            http.sendAsync(request.apply(index), HttpResponse.BodyHandlers.discarding())
                .whenComplete(
                    (response, error) -> {
                      if (error != null) {
                        failures.incrementAndGet();
                      } else {
                        latencies.add(System.nanoTime() - due);
                        statuses.merge(response.statusCode(), 1L, Long::sum);
                      }
                      done.countDown();
                    });
          },
          due - System.nanoTime(),
          TimeUnit.NANOSECONDS);
    }
    done.await(requests / Math.max(1, perSecond) + 60L, TimeUnit.SECONDS);
    double seconds = (System.nanoTime() - start) / 1e9;
    timer.shutdownNow();
    return new Result(latencies, Map.copyOf(statuses), failures.get(), seconds);
  }
}
