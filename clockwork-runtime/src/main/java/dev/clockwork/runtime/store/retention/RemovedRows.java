package dev.clockwork.runtime.store.retention;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a purge removed: rows by table, named as {@link #INSTANCES}, {@link #HISTORY}, … (a store
 * may name more, e.g. its own bookkeeping tables). Tables with nothing removed are left out.
 *
 * @param byTable rows removed per table
 */
public record RemovedRows(Map<String, Long> byTable) {
  public static final String INSTANCES = "instances";
  public static final String HISTORY = "history";
  public static final String QUEUE = "queue";
  public static final String IDEMPOTENCY_KEYS = "idempotency_keys";
  public static final String CALLBACKS = "callbacks";
  public static final String REGION_JOBS = "region_jobs";
  public static final String LEASES = "leases";
  public static final String OPERATOR_LOG = "operator_log";

  public static final RemovedRows NONE = new RemovedRows(Map.of());

  public RemovedRows {
    Map<String, Long> kept = new TreeMap<>();
    byTable.forEach(
        (table, rows) -> {
          if (rows != null && rows > 0) {
            kept.put(table, rows);
          }
        });
    byTable = Map.copyOf(kept);
  }

  /** The rows removed from {@code table} (0 when none). */
  public long of(String table) {
    return byTable.getOrDefault(table, 0L);
  }

  /** Every row removed. */
  public long total() {
    return byTable.values().stream().mapToLong(Long::longValue).sum();
  }

  /** These and {@code more}, added table by table. */
  public RemovedRows plus(RemovedRows more) {
    Map<String, Long> sum = new TreeMap<>(byTable);
    more.byTable.forEach((table, rows) -> sum.merge(table, rows, Long::sum));
    return new RemovedRows(sum);
  }
}
