package dev.clockwork.runtime.store.retention;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * When the oldest row of each table retention looks after was written, by {@link RemovedRows}'s
 * table names: the finished instance changed longest ago ({@link RemovedRows#INSTANCES}), the
 * oldest history row of a running instance, idempotency key, settled callback and operator log
 * entry. Empty tables are left out.
 *
 * @param byTable the oldest row's instant per table
 */
public record OldestRows(Map<String, Instant> byTable) {
  public OldestRows {
    Map<String, Instant> kept = new TreeMap<>();
    byTable.forEach(
        (table, at) -> {
          if (at != null) {
            kept.put(table, at);
          }
        });
    byTable = Map.copyOf(kept);
  }
}
