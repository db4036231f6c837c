package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * {@code retention.history} in the in-memory store: running instances' history rows older than the
 * cut, or beyond the most rows kept, give way to one {@link TrimMarker} row; instances are visited
 * in id order from where the last call stopped.
 */
final class MemoryHistoryTrim {
  private final MemoryData data;

  MemoryHistoryTrim(MemoryData data) {
    this.data = data;
  }

  /** See {@link RetentionStore#trimHistory}. */
  HistoryTrim trim(
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit) {
    synchronized (data) {
      List<InstanceRecord> running =
          data.instances.values().stream()
              .filter(r -> r.status() == InstanceStatus.ACTIVE)
              .filter(r -> scope.includes(r.machine()))
              .filter(r -> r.id().compareTo(afterId) > 0)
              .sorted(Comparator.comparing(InstanceRecord::id))
              .limit(limit + 1L)
              .toList();
      long rows = 0;
      int trimmed = 0;
      String last = null;
      for (int i = 0; i < Math.min(limit, running.size()); i++) {
        InstanceRecord record = running.get(i);
        last = record.id();
        long gone = trimOne(record, olderThan, maxRows, now);
        if (gone >= 0) {
          rows += gone;
          trimmed++;
        }
      }
      return new HistoryTrim(rows, trimmed, running.size() > limit ? last : null);
    }
  }

  /** Trims one instance's history; returns how many rows fewer it has, -1 when untouched. */
  private long trimOne(InstanceRecord record, Instant olderThan, long maxRows, Instant now) {
    List<HistoryEntry> history = data.histories.get(record.id());
    if (history == null || history.isEmpty()) {
      return -1;
    }
    int cut = 0; // rows [0, cut) go
    for (int i = 0; i < history.size(); i++) {
      HistoryEntry entry = history.get(i);
      if (entry.kind() != HistoryEntry.Kind.TRIMMED && entry.at().isBefore(olderThan)) {
        cut = i + 1;
      }
    }
    if (history.size() > maxRows) {
      cut = (int) Math.max(cut, history.size() - maxRows + 1); // the marker is one of max_rows
    }
    if (cut <= 0 || (cut == 1 && history.get(0).kind() == HistoryEntry.Kind.TRIMMED)) {
      return -1; // nothing to trim
    }
    List<HistoryEntry> gone = history.subList(0, cut);
    long removed = gone.stream().mapToLong(e -> Math.max(1, TrimMarker.removed(e))).sum();
    HistoryEntry marker =
        TrimMarker.of(
            record.id(),
            record.conversationId(),
            gone.get(gone.size() - 1).sequence(),
            removed,
            now,
            gone.get(gone.size() - 1).states());
    int rows = gone.size();
    gone.clear();
    history.add(0, marker);
    return rows - 1; // one row became the marker
  }
}
