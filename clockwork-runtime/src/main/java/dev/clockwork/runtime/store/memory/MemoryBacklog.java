package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects a {@link RetentionBacklog} table by table from the instants of the rows in scope: the
 * oldest, and the rows before the table's cutoff, counted up to the cap as the PostgreSQL store
 * counts them.
 */
final class MemoryBacklog {
  private final RetentionCutoffs cutoffs;
  private final int cap;
  private final Map<String, Instant> oldest = new HashMap<>();
  private final Map<String, Long> overdue = new HashMap<>();
  private final Set<String> atLeast = new HashSet<>();

  MemoryBacklog(RetentionCutoffs cutoffs, int cap) {
    this.cutoffs = cutoffs;
    this.cap = cap;
  }

  /** Adds {@code table}, whose rows in scope were written at {@code rows}. */
  void table(String table, List<Instant> rows) {
    rows.stream().min(Instant::compareTo).ifPresent(at -> oldest.put(table, at));
    Instant cutoff = cutoffs.of(table);
    long count = rows.stream().filter(at -> at.isBefore(cutoff)).limit(cap).count();
    overdue.put(table, count);
    if (cap > 0 && count >= cap) {
      atLeast.add(table);
    }
  }

  RetentionBacklog result() {
    return new RetentionBacklog(oldest, overdue, atLeast);
  }
}
