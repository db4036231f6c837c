package dev.clockwork.bench.schedules;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A schedule store that adds up the wall time spent in it (single-threaded use), so a tick can be
 * split into schedule store work and everything else (mostly creating the started instances).
 */
final class TimedScheduleStore implements ScheduleStore {
  private final ScheduleStore delegate;
  private long storeNanos;
  private long claimNanos;
  private int claimCalls;

  TimedScheduleStore(ScheduleStore delegate) {
    this.delegate = delegate;
  }

  void reset() {
    storeNanos = 0;
    claimNanos = 0;
    claimCalls = 0;
  }

  /** Nanoseconds in every store call since the last reset, claims included. */
  long storeNanos() {
    return storeNanos;
  }

  /** Nanoseconds in {@link #claimDue} since the last reset. */
  long claimNanos() {
    return claimNanos;
  }

  int claimCalls() {
    return claimCalls;
  }

  private <T> T timed(Supplier<T> call) {
    long start = System.nanoTime();
    try {
      return call.get();
    } finally {
      storeNanos += System.nanoTime() - start;
    }
  }

  @Override
  public ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created) {
    return timed(() -> delegate.create(record, created));
  }

  @Override
  public Optional<ScheduleRecord> find(String namespace, String scheduleId) {
    return timed(() -> delegate.find(namespace, scheduleId));
  }

  @Override
  public List<ScheduleRecord> list(
      String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
    return timed(() -> delegate.list(namespace, includeDeleted, afterScheduleId, limit));
  }

  @Override
  public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration leaseTime) {
    long start = System.nanoTime();
    try {
      return delegate.claimDue(now, limit, owner, leaseTime);
    } finally {
      long spent = System.nanoTime() - start;
      storeNanos += spent;
      claimNanos += spent;
      claimCalls++;
    }
  }

  @Override
  public boolean commit(ScheduleCommit commit) {
    return timed(() -> delegate.commit(commit));
  }

  @Override
  public List<Boolean> commitAll(List<ScheduleCommit> commits) {
    return timed(() -> delegate.commitAll(commits));
  }

  @Override
  public void release(String namespace, String scheduleId, String owner) {
    timed(
        () -> {
          delegate.release(namespace, scheduleId, owner);
          return null;
        });
  }

  @Override
  public List<ScheduleAuditEvent> history(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return timed(() -> delegate.history(namespace, scheduleId, afterSequence, limit));
  }

  @Override
  public List<SkippedOccurrence> skipped(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return timed(() -> delegate.skipped(namespace, scheduleId, afterSequence, limit));
  }

  @Override
  public List<BufferedTrigger> buffered(String namespace, String scheduleId) {
    return timed(() -> delegate.buffered(namespace, scheduleId));
  }

  @Override
  public int purgeDeleted(Instant deletedBefore, int limit) {
    return timed(() -> delegate.purgeDeleted(deletedBefore, limit));
  }

  @Override
  public Optional<Instant> nextFireAt() {
    return timed(delegate::nextFireAt);
  }
}
