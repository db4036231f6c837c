package dev.clockwork.bench.queues;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts, inside the actions themselves, how many run at once per machine, and the most that ever
 * did: what a concurrency cap and the worker threads allow, seen from where the work happens. An
 * action runs while its instance is leased, so this never counts more than the leases held.
 */
final class Running {
  private final Map<String, AtomicInteger> now = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> most = new ConcurrentHashMap<>();

  void enter(String machine) {
    int count = now.computeIfAbsent(machine, m -> new AtomicInteger()).incrementAndGet();
    most.computeIfAbsent(machine, m -> new AtomicInteger()).accumulateAndGet(count, Math::max);
  }

  void exit(String machine) {
    now.get(machine).decrementAndGet();
  }

  /** The most actions of each machine that ran at once, by machine name. */
  Map<String, Integer> most() {
    Map<String, Integer> peaks = new TreeMap<>();
    most.forEach((machine, count) -> peaks.put(machine, count.get()));
    return peaks;
  }
}
