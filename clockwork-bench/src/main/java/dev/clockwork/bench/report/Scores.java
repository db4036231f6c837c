package dev.clockwork.bench.report;

import dev.clockwork.bench.harness.CpuTimeProfiler;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/** The results of one run, by {@code Class.method} (package left out). */
public final class Scores {
  private final Map<String, Score> byName = new LinkedHashMap<>();

  private Scores() {}

  /**
   * Reads JMH's results; the allocation rate comes from the GC profiler and the CPU time from
   * {@link CpuTimeProfiler}, each if it ran.
   */
  public static Scores of(Collection<RunResult> results) {
    Scores scores = new Scores();
    for (RunResult result : results) {
      String full = result.getParams().getBenchmark();
      String name = full.substring(full.lastIndexOf('.', full.lastIndexOf('.') - 1) + 1);
      Result<?> primary = result.getPrimaryResult();
      double bytes = Double.NaN;
      double cpu = Double.NaN;
      var secondary = result.getSecondaryResults();
      for (String key : secondary.keySet()) {
        // "gc.alloc.rate.norm" in JMH 1.37, "·gc.alloc.rate.norm" before
        if (key.endsWith("gc.alloc.rate.norm")) {
          bytes = secondary.get(key).getScore();
        } else if (key.endsWith(CpuTimeProfiler.NAME)) {
          cpu = secondary.get(key).getScore();
        }
      }
      double deviation = primary.getStatistics().getStandardDeviation();
      scores.byName.put(
          name,
          new Score(name, primary.getScore(), primary.getScoreError(), deviation, bytes, cpu));
    }
    return scores;
  }

  public Optional<Score> get(String benchmark) {
    return Optional.ofNullable(byName.get(benchmark));
  }

  public Collection<Score> all() {
    return byName.values();
  }
}
