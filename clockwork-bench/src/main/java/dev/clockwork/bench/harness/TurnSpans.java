package dev.clockwork.bench.harness;

import dev.clockwork.runtime.listener.ProcessedEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The turns an engine reported, each from its first macrostep's start to its commit (engine clock),
 * and how many of one machine overlapped at most: a lower bound of the leases its instances held at
 * once (a lease is taken before the first macrostep and given up by the commit).
 */
final class TurnSpans {
  private record Turn(String instanceId, Instant committedAt) {}

  private record Span(String machine, Instant start, Instant end) {}

  private final Map<Turn, Span> spans = new ConcurrentHashMap<>();

  void add(ProcessedEvent event) {
    spans.merge(
        new Turn(event.instanceId(), event.committedAt()),
        new Span(event.machine(), event.startedAt(), event.committedAt()),
        (a, b) -> a.start().isBefore(b.start()) ? a : b);
  }

  /** The most turns of each machine that overlapped, by machine name. */
  Map<String, Integer> most() {
    Map<String, List<Span>> byMachine = new TreeMap<>();
    spans
        .values()
        .forEach(s -> byMachine.computeIfAbsent(s.machine(), m -> new ArrayList<>()).add(s));
    Map<String, Integer> most = new TreeMap<>();
    byMachine.forEach((machine, list) -> most.put(machine, overlap(list)));
    return most;
  }

  /** A sweep over starts (+1) and ends (−1), ends first at equal instants. */
  private static int overlap(List<Span> list) {
    List<Object[]> edges = new ArrayList<>(list.size() * 2);
    for (Span s : list) {
      edges.add(new Object[] {s.start(), 1});
      edges.add(new Object[] {s.end(), -1});
    }
    edges.sort(
        Comparator.<Object[], Instant>comparing(e -> (Instant) e[0])
            .thenComparingInt(e -> (Integer) e[1]));
    int now = 0;
    int most = 0;
    for (Object[] e : edges) {
      now += (Integer) e[1];
      most = Math.max(most, now);
    }
    return most;
  }
}
