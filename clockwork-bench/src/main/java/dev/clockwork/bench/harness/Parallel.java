package dev.clockwork.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/** Runs set-up work on a few threads: thread k takes the indexes i with i % threads == k. */
public final class Parallel {
  private Parallel() {}

  /**
   * Calls {@code body} for every index in [0, count), each index on one thread, in increasing order
   * per thread.
   *
   * @return the elapsed seconds
   */
  public static double forEach(int threads, int count, IntConsumer body) {
    return run(
        threads,
        k -> {
          for (int i = k; i < count; i += threads) {
            body.accept(i);
          }
        });
  }

  /** Runs {@code part} once per thread number; returns the elapsed seconds. */
  public static double run(int threads, IntConsumer part) {
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> parts = new ArrayList<>();
      for (int k = 0; k < threads; k++) {
        int thread = k;
        parts.add(pool.submit(() -> part.accept(thread)));
      }
      for (Future<?> future : parts) {
        future.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("set-up failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return (System.nanoTime() - start) / 1e9;
  }
}
