package dev.clockwork.runtime.store.retention;

import java.time.Instant;
import java.util.Objects;

/**
 * Per table retention looks after, the instant before which a row is past its retention: what a
 * pass at {@code now} would remove.
 *
 * @param finishedInstances finished instances last changed before it
 * @param history running instances' history rows written before it
 * @param idempotencyKeys idempotency keys written before it
 * @param callbacks settled callbacks registered before it
 * @param operatorLog operator log entries written before it
 */
public record RetentionCutoffs(
    Instant finishedInstances,
    Instant history,
    Instant idempotencyKeys,
    Instant callbacks,
    Instant operatorLog) {
  public RetentionCutoffs {
    Objects.requireNonNull(finishedInstances, "finishedInstances");
    Objects.requireNonNull(history, "history");
    Objects.requireNonNull(idempotencyKeys, "idempotencyKeys");
    Objects.requireNonNull(callbacks, "callbacks");
    Objects.requireNonNull(operatorLog, "operatorLog");
  }

  /** The cutoff of {@code table} (one of {@link RemovedRows}'s names), null for another table. */
  public Instant of(String table) {
    return switch (table) {
      case RemovedRows.INSTANCES -> finishedInstances;
      case RemovedRows.HISTORY -> history;
      case RemovedRows.IDEMPOTENCY_KEYS -> idempotencyKeys;
      case RemovedRows.CALLBACKS -> callbacks;
      case RemovedRows.OPERATOR_LOG -> operatorLog;
      default -> null;
    };
  }
}
