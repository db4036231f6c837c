package dev.clockwork.spring.boot.properties;

import java.time.Duration;

/**
 * The {@code retention} block ({@code clockwork.retention.*}, and a machine's {@code
 * clockwork.machines.<id>.retention.*}): how long what the engine stores is kept. Unset keys take
 * the file's defaults.
 *
 * @param finishedInstances how long a finished instance is kept, with everything it owns
 * @param history how long a running instance's history is kept, by age and by rows
 * @param idempotencyKeys how long an idempotency key is kept
 * @param callbacks how long a settled callback is kept
 * @param operatorLog how long the operator log keeps an entry (system-wide only)
 * @param archive the directory finished instances and trimmed history are archived to before they
 *     are deleted (system-wide only)
 * @param scheduleAudit how long a deleted schedule's audit rows are kept after it was deleted
 *     (system-wide only; unset: kept for the life of the schedule row)
 */
public record RetentionProperties(
    Duration finishedInstances,
    History history,
    Duration idempotencyKeys,
    Duration callbacks,
    Duration operatorLog,
    String archive,
    Duration scheduleAudit) {

  /**
   * The {@code retention.history} block.
   *
   * @param maxAge how long a running instance's history rows are kept
   * @param maxRows how many history rows a running instance keeps
   */
  public record History(Duration maxAge, Long maxRows) {}
}
