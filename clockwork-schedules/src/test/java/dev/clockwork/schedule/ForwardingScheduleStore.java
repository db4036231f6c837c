package dev.clockwork.schedule;

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

/** A store that forwards every call; tests override the calls they bend. */
class ForwardingScheduleStore implements ScheduleStore {
  protected final ScheduleStore delegate;

  ForwardingScheduleStore(ScheduleStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created) {
    return delegate.create(record, created);
  }

  @Override
  public Optional<ScheduleRecord> find(String namespace, String scheduleId) {
    return delegate.find(namespace, scheduleId);
  }

  @Override
  public List<ScheduleRecord> list(
      String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
    return delegate.list(namespace, includeDeleted, afterScheduleId, limit);
  }

  @Override
  public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration lease) {
    return delegate.claimDue(now, limit, owner, lease);
  }

  @Override
  public boolean commit(ScheduleCommit commit) {
    return delegate.commit(commit);
  }

  @Override
  public void release(String namespace, String scheduleId, String owner) {
    delegate.release(namespace, scheduleId, owner);
  }

  @Override
  public List<ScheduleAuditEvent> history(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return delegate.history(namespace, scheduleId, afterSequence, limit);
  }

  @Override
  public List<SkippedOccurrence> skipped(
      String namespace, String scheduleId, long afterSequence, int limit) {
    return delegate.skipped(namespace, scheduleId, afterSequence, limit);
  }

  @Override
  public List<BufferedTrigger> buffered(String namespace, String scheduleId) {
    return delegate.buffered(namespace, scheduleId);
  }

  @Override
  public int purgeDeleted(Instant deletedBefore, int limit) {
    return delegate.purgeDeleted(deletedBefore, limit);
  }

  @Override
  public Optional<Instant> nextFireAt() {
    return delegate.nextFireAt();
  }
}
