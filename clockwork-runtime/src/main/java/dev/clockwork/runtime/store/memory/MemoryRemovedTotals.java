package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The in-memory store's running totals of rows retention removed: one entry per machine and table,
 * as the PostgreSQL store's {@code cw_retention_totals} rows.
 */
final class MemoryRemovedTotals {
  private final Map<String, Map<String, RemovedTotal>> byMachine = new TreeMap<>();

  synchronized void add(String machine, RemovedRows removed, Instant at) {
    Map<String, RemovedTotal> tables = byMachine.computeIfAbsent(machine, m -> new TreeMap<>());
    removed
        .byTable()
        .forEach(
            (table, rows) -> {
              RemovedTotal was = tables.get(table);
              long total = (was == null ? 0 : was.rows()) + rows;
              Instant last =
                  was == null || at.isAfter(was.lastRemovedAt()) ? at : was.lastRemovedAt();
              tables.put(table, new RemovedTotal(machine, table, total, last));
            });
  }

  synchronized List<RemovedTotal> all() {
    List<RemovedTotal> all = new ArrayList<>();
    byMachine.values().forEach(tables -> all.addAll(tables.values()));
    return all;
  }
}
