package dev.clockwork.chaos.operator;

import dev.clockwork.chaos.check.OperatorActions;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.store.QueueStats;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An operator of one machine's queue, through the public {@link QueueAdmin} of the orchestrator's
 * engine ({@code engine.admin().queues()}), as {@code clockwork queue pause|resume|dlq purge}
 * would: it pauses and resumes the queue and purges its dead letters, and records what it did for
 * the checker ({@link #actions}).
 *
 * <p>It never purges pending events ({@code purgePending}) nor retries dead letters ({@code retry},
 * {@code retryAll}): a purged pending event is an acknowledged event dropped on purpose, which I1
 * could no longer tell from a lost one, and a retried poison event is attempted again, so I9's
 * "dead-lettered after every attempt" and the applied-once counts would change meaning.
 */
public final class QueueOperator {
  /** How long a resume is tried again while the database does not answer (a restart, F2). */
  static final Duration RESUME_TRIES_FOR = Duration.ofSeconds(25);

  private final QueueAdmin queues;
  private final String machine;
  private final List<OperatorActions.Pause> pauses = new ArrayList<>();
  private long purged;
  private int purges;
  private Instant pausedSince;

  public QueueOperator(QueueAdmin queues, String machine) {
    this.queues = queues;
    this.machine = machine;
  }

  /**
   * Pauses the queue; the pause counts from when this returns. When the pause throws it may have
   * been stored all the same: the queue is resumed before the failure is thrown.
   *
   * @return what the queue held when it was paused, for the fault line
   */
  public synchronized String pause() throws InterruptedException {
    if (pausedSince != null) {
      return "already paused since " + pausedSince;
    }
    try {
      queues.pause(machine);
    } catch (RuntimeException e) {
      resumeForSure();
      throw e;
    }
    pausedSince = Instant.now();
    try {
      QueueStats stats = queues.status(machine);
      return stats.pending() + " pending, " + stats.processing() + " leased";
    } catch (RuntimeException e) {
      return "status unread: " + e.getMessage();
    }
  }

  /**
   * Resumes the queue, trying again while the database does not answer; the pause ends, for the
   * checker, when the first try starts.
   */
  public synchronized String resume() throws InterruptedException {
    if (pausedSince == null) {
      return "not paused";
    }
    Instant until = Instant.now();
    pauses.add(new OperatorActions.Pause(pausedSince, until));
    pausedSince = null;
    int tries = resumeForSure();
    return "resumed after "
        + pauses.get(pauses.size() - 1).length().toMillis()
        + " ms"
        + (tries > 1 ? " (" + tries + " tries)" : "");
  }

  private int resumeForSure() throws InterruptedException {
    long deadline = System.nanoTime() + RESUME_TRIES_FOR.toNanos();
    int tries = 0;
    while (true) {
      tries++;
      try {
        queues.resume(machine);
        return tries;
      } catch (RuntimeException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  /** Purges the dead letters older than {@code olderThan}; returns how many went. */
  public synchronized int purgeDeadLetters(Duration olderThan) {
    int count = queues.purgeDeadLetters(machine, olderThan);
    purged += count;
    purges++;
    return count;
  }

  /** Dead letters purged so far, by every purge. */
  public synchronized long purged() {
    return purged;
  }

  /** What was done, for the checker and the summary. */
  public synchronized OperatorActions actions() {
    return new OperatorActions(pauses, purged);
  }

  /** One line for the run's summary. */
  public synchronized String counts() {
    long pausedMillis = pauses.stream().mapToLong(p -> p.length().toMillis()).sum();
    return String.format(
        "%d pauses (%.1f s paused in all), %d purges deleting %d dead letters",
        pauses.size(), pausedMillis / 1e3, purges, purged);
  }
}
