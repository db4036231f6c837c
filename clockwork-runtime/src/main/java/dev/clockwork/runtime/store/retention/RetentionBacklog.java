package dev.clockwork.runtime.store.retention;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What retention still has to do in one {@link RetentionScope}, per table (by {@link RemovedRows}'s
 * names): the oldest row and how many rows are past their {@link RetentionCutoffs cutoff} and still
 * waiting. Counts are bounded: a store counts up to a cap and names the tables whose count is only
 * a lower bound ("≥ 100,000"), so asking never costs a scan of a large table. The operator log is
 * system-wide: only a scope that is not one machine's reports it.
 *
 * @param oldest the oldest row's instant per table; empty tables are left out
 * @param overdue rows past their cutoff per table (0 when none)
 * @param atLeast the tables whose {@code overdue} is a lower bound (the cap was reached)
 */
public record RetentionBacklog(
    Map<String, Instant> oldest, Map<String, Long> overdue, Set<String> atLeast) {
  public RetentionBacklog {
    Map<String, Instant> kept = new TreeMap<>();
    oldest.forEach(
        (table, at) -> {
          if (at != null) {
            kept.put(table, at);
          }
        });
    oldest = Map.copyOf(kept);
    overdue = Map.copyOf(new TreeMap<>(overdue));
    atLeast = Set.copyOf(atLeast);
  }

  /** The rows of {@code table} past their cutoff (0 when none or not reported). */
  public long overdueOf(String table) {
    return overdue.getOrDefault(table, 0L);
  }

  /** Whether {@link #overdueOf(String) overdueOf(table)} is only a lower bound. */
  public boolean isLowerBound(String table) {
    return atLeast.contains(table);
  }
}
