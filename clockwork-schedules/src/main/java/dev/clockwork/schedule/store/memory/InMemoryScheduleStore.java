package dev.clockwork.schedule.store.memory;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.SkippedOccurrence;
import dev.clockwork.schedule.store.StartScheduleIds;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A {@link ScheduleStore} in the JVM's memory: tests, the test kit, demos. Thread-safe behind one
 * monitor. Due schedules are found through an index on the next fire time, so a claim looks at due
 * schedules only (and at those with buffered or pending triggers).
 */
public final class InMemoryScheduleStore implements ScheduleStore {
  private final TreeMap<Key, Row> rows = new TreeMap<>();
  private final DueIndex<Key> due = new DueIndex<>();

  private record Key(String namespace, String scheduleId) implements Comparable<Key> {
    @Override
    public int compareTo(Key other) {
      int byNamespace = namespace.compareTo(other.namespace);
      return byNamespace != 0 ? byNamespace : scheduleId.compareTo(other.scheduleId);
    }
  }

  /** A schedule and everything that belongs to it. */
  private static final class Row {
    ScheduleRecord record;
    String claimedBy;
    Instant claimedUntil;
    final List<ScheduleAuditEvent> audit = new ArrayList<>();
    final List<SkippedOccurrence> skipped = new ArrayList<>();
    final List<BufferedTrigger> buffer = new ArrayList<>();

    boolean deletedBefore(Instant cut) {
      return record.status() == ScheduleStatus.DELETED
          && record.deletedAt() != null
          && record.deletedAt().isBefore(cut);
    }

    Row(ScheduleRecord record) {
      this.record = record;
    }

    boolean claimed(Instant now) {
      return claimedUntil != null && claimedUntil.isAfter(now);
    }
  }

  @Override
  public synchronized ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created) {
    Key key = key(record);
    if (rows.containsKey(key)) {
      throw new DuplicateScheduleException(record.namespace(), record.scheduleId());
    }
    Row row = new Row(record);
    ScheduleAuditEvent written = created.withSequence(1);
    row.audit.add(written);
    rows.put(key, row);
    due.update(key, null, record);
    return written;
  }

  @Override
  public synchronized Optional<ScheduleRecord> find(String namespace, String scheduleId) {
    Row row = rows.get(new Key(namespace, scheduleId));
    return row == null ? Optional.empty() : Optional.of(row.record);
  }

  @Override
  public synchronized List<ScheduleRecord> list(
      String namespace, boolean includeDeleted, String afterScheduleId, int limit) {
    Key from = new Key(namespace, afterScheduleId == null ? "" : afterScheduleId);
    List<ScheduleRecord> page = new ArrayList<>();
    for (Map.Entry<Key, Row> entry : rows.tailMap(from, afterScheduleId == null).entrySet()) {
      if (page.size() == limit || !entry.getKey().namespace().equals(namespace)) {
        break;
      }
      ScheduleRecord record = entry.getValue().record;
      if (includeDeleted || record.status() != ScheduleStatus.DELETED) {
        page.add(record);
      }
    }
    return page;
  }

  @Override
  public synchronized List<ScheduleRecord> claimDue(
      Instant now, int limit, String owner, Duration leaseTime) {
    Set<Key> candidates = new LinkedHashSet<>(due.dueAt(now));
    candidates.addAll(due.buffered());
    candidates.addAll(due.pending());
    List<Row> ready = new ArrayList<>();
    for (Key key : candidates) {
      Row row = rows.get(key);
      ScheduleRecord record = row.record;
      if (!row.claimed(now)
          && (record.isDue(now) || record.needsDrainCheck(now) || record.hasPending())) {
        ready.add(row);
      }
    }
    ready.sort(
        Comparator.comparing(
            (Row row) -> row.record.nextFireAt(), Comparator.nullsLast(Comparator.naturalOrder())));
    List<ScheduleRecord> claimed = new ArrayList<>();
    for (Row row : ready.subList(0, Math.min(limit, ready.size()))) {
      row.claimedBy = owner;
      row.claimedUntil = now.plus(leaseTime);
      claimed.add(row.record);
    }
    return claimed;
  }

  @Override
  public synchronized boolean commit(ScheduleCommit commit) {
    ScheduleRecord next = commit.next();
    Key key = key(next);
    Row row = rows.get(key);
    if (row == null || row.record.revision() != commit.expectedRevision()) {
      return false;
    }
    long sequence = row.audit.isEmpty() ? 0 : row.audit.get(row.audit.size() - 1).sequence();
    for (ScheduleAuditEvent event : commit.audit()) {
      row.audit.add(event.withSequence(++sequence));
    }
    long skipSequence =
        row.skipped.isEmpty() ? 0 : row.skipped.get(row.skipped.size() - 1).sequence();
    for (SkippedOccurrence skip : commit.skipped()) {
      row.skipped.add(skip.withSequence(++skipSequence));
    }
    for (Instant occurrence : commit.unbuffer()) {
      row.buffer.removeIf(new OnceMatching(occurrence));
    }
    for (BufferedTrigger trigger : commit.buffer()) {
      int at = row.buffer.size();
      while (at > 0 && row.buffer.get(at - 1).occurrence().isAfter(trigger.occurrence())) {
        at--;
      }
      row.buffer.add(at, trigger);
    }
    due.update(key, row.record, next);
    row.record = next;
    if (commit.release()) {
      row.claimedBy = null;
      row.claimedUntil = null;
    }
    return true;
  }

  @Override
  public synchronized void release(String namespace, String scheduleId, String owner) {
    Row row = rows.get(new Key(namespace, scheduleId));
    if (row != null && owner.equals(row.claimedBy)) {
      row.claimedBy = null;
      row.claimedUntil = null;
    }
  }

  @Override
  public synchronized List<ScheduleAuditEvent> history(
      String namespace, String scheduleId, long afterSequence, int limit) {
    Row row = rows.get(new Key(namespace, scheduleId));
    if (row == null) {
      return List.of();
    }
    return row.audit.stream().filter(e -> e.sequence() > afterSequence).limit(limit).toList();
  }

  @Override
  public synchronized List<SkippedOccurrence> skipped(
      String namespace, String scheduleId, long afterSequence, int limit) {
    Row row = rows.get(new Key(namespace, scheduleId));
    if (row == null) {
      return List.of();
    }
    return row.skipped.stream().filter(s -> s.sequence() > afterSequence).limit(limit).toList();
  }

  @Override
  public synchronized List<BufferedTrigger> buffered(String namespace, String scheduleId) {
    Row row = rows.get(new Key(namespace, scheduleId));
    return row == null ? List.of() : List.copyOf(row.buffer);
  }

  @Override
  public synchronized int purgeDeleted(Instant deletedBefore, int limit) {
    List<Map.Entry<Key, Row>> deleted =
        rows.entrySet().stream()
            .filter(entry -> entry.getValue().deletedBefore(deletedBefore))
            .sorted(Comparator.comparing(entry -> entry.getValue().record.deletedAt()))
            .toList();
    int removed = 0;
    for (List<?> owned : ownedRows(deleted)) {
      int take = Math.min(limit - removed, owned.size());
      owned.subList(0, take).clear();
      removed += take;
    }
    for (Map.Entry<Key, Row> entry : deleted) {
      Row row = entry.getValue();
      boolean emptied = row.audit.isEmpty() && row.skipped.isEmpty() && row.buffer.isEmpty();
      boolean tombstone = StartScheduleIds.matches(entry.getKey().scheduleId());
      if (removed < limit && emptied && !row.record.hasPending() && !tombstone) {
        rows.remove(entry.getKey());
        due.remove(entry.getKey(), row.record);
        removed++;
      }
    }
    return removed;
  }

  /** Audit first, then skips, then buffers, as the PostgreSQL store purges them. */
  private static List<List<?>> ownedRows(List<Map.Entry<Key, Row>> deleted) {
    List<List<?>> owned = new ArrayList<>();
    deleted.forEach(entry -> owned.add(entry.getValue().audit));
    deleted.forEach(entry -> owned.add(entry.getValue().skipped));
    deleted.forEach(entry -> owned.add(entry.getValue().buffer));
    return owned;
  }

  @Override
  public synchronized Optional<Instant> nextFireAt() {
    return due.earliest();
  }

  private static Key key(ScheduleRecord record) {
    return new Key(record.namespace(), record.scheduleId());
  }

  /** Matches the first buffered trigger of an occurrence only, so duplicates leave one by one. */
  private static final class OnceMatching implements Predicate<BufferedTrigger> {
    private final Instant occurrence;
    private boolean matched;

    OnceMatching(Instant occurrence) {
      this.occurrence = occurrence;
    }

    @Override
    public boolean test(BufferedTrigger trigger) {
      if (!matched && trigger.occurrence().equals(occurrence)) {
        matched = true;
        return true;
      }
      return false;
    }
  }
}
