package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Group commit: chains that finish while another commit is being written wait for it and then go
 * together in the next one, so many turns share one transaction while each thread still waits only
 * for its own. The first waiter writes for everyone queued (the leader); the others wait. When a
 * shared commit throws (by the store's contract nothing was written), each chain is written alone,
 * so one chain's failure is its own. A caller may hand in many chains at once ({@link #commitAll}):
 * a batch of creations is one store commit.
 */
public final class CommitPipeline {
  private final Store store;
  private final Listeners listeners;
  private final List<Pending> waiting = new ArrayList<>();
  private boolean writing;

  public CommitPipeline(Store store, Listeners listeners) {
    this.store = store;
    this.listeners = listeners;
  }

  /** One chain's commits and, once written, what the store decided (or why it failed). */
  private static final class Pending {
    final List<StepCommit> commits;
    CommitResult result;
    RuntimeException failure;
    boolean done;

    Pending(List<StepCommit> commits) {
      this.commits = commits;
    }
  }

  /**
   * What became of one chain's commits: what the store decided, or the failure of the write that
   * carried them (by the store's contract nothing of them was written).
   */
  public record Written(CommitResult result, RuntimeException failure) {}

  /**
   * Writes several chains' commits (one list per chain) together with whatever other chains are
   * waiting, in one store commit; when that commit throws, each chain is written alone, so one
   * chain's failure is its own. Never throws.
   *
   * @return per chain, in order, what the store decided or why its write failed
   */
  public List<Written> commitAll(List<List<StepCommit>> chains) {
    if (chains.isEmpty()) {
      return List.of();
    }
    List<Pending> mine = new ArrayList<>(chains.size());
    chains.forEach(commits -> mine.add(new Pending(commits)));
    List<Pending> batch;
    synchronized (this) {
      waiting.addAll(mine);
      while (writing && !mine.get(0).done) {
        waitUninterruptibly();
      }
      if (!mine.get(0).done) {
        writing = true;
        batch = new ArrayList<>(waiting);
        waiting.clear();
      } else {
        batch = List.of();
      }
    }
    if (!batch.isEmpty()) {
      try {
        write(batch);
      } finally {
        synchronized (this) {
          writing = false;
          notifyAll();
        }
      }
    }
    List<Written> written = new ArrayList<>(mine.size());
    synchronized (this) {
      mine.forEach(p -> written.add(new Written(p.result, p.failure)));
    }
    return written;
  }

  private void write(List<Pending> batch) {
    List<StepCommit> all = new ArrayList<>();
    batch.forEach(p -> all.addAll(p.commits));
    try {
      CommitResult result = timed(all, batch.size());
      batch.forEach(p -> settle(p, result, null));
    } catch (RuntimeException shared) {
      if (batch.size() == 1) {
        settle(batch.get(0), null, shared);
        return;
      }
      for (Pending alone : batch) {
        try {
          settle(alone, timed(alone.commits, 1), null);
        } catch (RuntimeException own) {
          settle(alone, null, own);
        }
      }
    }
  }

  private CommitResult timed(List<StepCommit> commits, int turns) {
    long started = System.nanoTime();
    CommitResult result = store.work().commit(commits);
    listeners.committed(turns, Duration.ofNanos(System.nanoTime() - started));
    return result;
  }

  private synchronized void settle(Pending pending, CommitResult result, RuntimeException failure) {
    pending.result = result;
    pending.failure = failure;
    pending.done = true;
  }

  private void waitUninterruptibly() {
    boolean interrupted = false;
    while (true) {
      try {
        wait();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
