package dev.clockwork.runtime.config;

import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import java.time.Duration;
import java.time.Instant;

/**
 * The {@code retention:} block: how long what the engine stores is kept. Every table that grows
 * with traffic is bounded by the defaults; a machine's {@code machines.<id>.retention} is merged
 * over the system's key by key.
 *
 * <pre>{@code
 * retention:
 *   finished_instances: 30 days
 *   history:
 *     max_age: 365 days
 *     max_rows: 10000
 *   idempotency_keys: 7 days
 *   callbacks: 7 days
 *   operator_log: 365 days
 *   archive: ./archive            # optional: nothing is deleted that is not archived first
 *   schedule_audit: 90 days       # optional: a deleted schedule's audit rows, once deleted this long
 * }</pre>
 *
 * @param finishedInstances how long an instance in a top-level final state is kept after it
 *     finished, with everything it owns: history, timers and their fire records, leftover queue
 *     rows, idempotency keys, callbacks, region jobs and finished child instances ({@code
 *     finished_instances}, default 30 days)
 * @param historyMaxAge how long a running instance's history rows are kept ({@code
 *     history.max_age}, default 365 days)
 * @param historyMaxRows how many history rows a running instance keeps, the oldest removed first
 *     ({@code history.max_rows}, default 10,000)
 * @param idempotencyKeys how long an idempotency key answers a repeated request ({@code
 *     idempotency_keys}, default 7 days)
 * @param callbacks how long a callback whose delivery settled (delivered, failed or abandoned) is
 *     kept, with its deliveries ({@code callbacks}, default 7 days)
 * @param operatorLog how long the operator log keeps an entry ({@code operator_log}, default 365
 *     days; system-wide only)
 * @param archive the directory finished instances and trimmed history are archived to, as gzip JSON
 *     Lines, before they are deleted ({@code archive}; system-wide only; null, the default, for no
 *     archive)
 * @param scheduleAudit how long the audit rows of a deleted schedule are kept after it was deleted
 *     ({@code schedule_audit}; system-wide only; null, the default, to keep them: a schedule's
 *     audit stays for the life of its row)
 */
public record RetentionSettings(
    Duration finishedInstances,
    Duration historyMaxAge,
    long historyMaxRows,
    Duration idempotencyKeys,
    Duration callbacks,
    Duration operatorLog,
    String archive,
    Duration scheduleAudit) {
  /**
   * The {@code schedule_audit} key, and the table name a deleted schedule's audit rows count under
   * in the rows a retention pass removed.
   */
  public static final String SCHEDULE_AUDIT = "schedule_audit";

  public static final RetentionSettings DEFAULT =
      new RetentionSettings(
          Duration.ofDays(30),
          Duration.ofDays(365),
          10_000,
          Duration.ofDays(7),
          Duration.ofDays(7),
          Duration.ofDays(365),
          null,
          null);

  /** Per table, the instant before which a row is past these settings' retention at {@code now}. */
  public RetentionCutoffs cutoffs(Instant now) {
    return new RetentionCutoffs(
        now.minus(finishedInstances),
        now.minus(historyMaxAge),
        now.minus(idempotencyKeys),
        now.minus(callbacks),
        now.minus(operatorLog));
  }
}
