package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.TrimMarker;
import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code retention.history} in the in-memory store: running instances' history rows older than the
 * cut, or beyond the most rows kept, give way to one {@link TrimMarker} row; instances are visited
 * in id order from where the last call stopped. With an archiver, the rows about to go are handed
 * to it first, and nothing is trimmed when it throws.
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
      int limit,
      Archiver archiver) {
    synchronized (data) {
      List<InstanceRecord> running =
          data.instances.values().stream()
              .filter(r -> r.status() == InstanceStatus.ACTIVE)
              .filter(r -> scope.includes(r.machine()))
              .filter(r -> r.id().compareTo(afterId) > 0)
              .sorted(Comparator.comparing(InstanceRecord::id))
              .limit(limit + 1L)
              .toList();
      Map<InstanceRecord, Integer> cuts = new LinkedHashMap<>();
      String last = null;
      for (int i = 0; i < Math.min(limit, running.size()); i++) {
        InstanceRecord record = running.get(i);
        last = record.id();
        int cut = cut(data.histories.get(record.id()), olderThan, maxRows);
        if (cut > 0) {
          cuts.put(record, cut);
        }
      }
      if (archiver != null && !cuts.isEmpty()) {
        archive(cuts, archiver);
      }
      long rows = 0;
      for (Map.Entry<InstanceRecord, Integer> cut : cuts.entrySet()) {
        rows += apply(cut.getKey(), cut.getValue(), now);
      }
      return new HistoryTrim(rows, cuts.size(), running.size() > limit ? last : null);
    }
  }

  /**
   * How many of the oldest rows of {@code history} go (rows {@code [0, cut)}): those written before
   * {@code olderThan} and those beyond {@code maxRows} (the marker counted); -1 when none.
   */
  private static int cut(List<HistoryEntry> history, Instant olderThan, long maxRows) {
    if (history == null || history.isEmpty()) {
      return -1;
    }
    int cut = 0;
    for (int i = 0; i < history.size(); i++) {
      HistoryEntry entry = history.get(i);
      if (entry.kind() != HistoryEntry.Kind.TRIMMED && entry.at().isBefore(olderThan)) {
        cut = i + 1;
      }
    }
    if (history.size() > maxRows) {
      cut = (int) Math.max(cut, history.size() - maxRows + 1);
    }
    if (cut <= 0 || (cut == 1 && history.get(0).kind() == HistoryEntry.Kind.TRIMMED)) {
      return -1;
    }
    return cut;
  }

  /**
   * Hands the rows about to be trimmed (markers aside) to {@code archiver}; throws to keep them.
   */
  private void archive(Map<InstanceRecord, Integer> cuts, Archiver archiver) {
    List<ArchivedInstance> batch = new ArrayList<>();
    for (Map.Entry<InstanceRecord, Integer> cut : cuts.entrySet()) {
      List<HistoryEntry> rows =
          data.histories.get(cut.getKey().id()).subList(0, cut.getValue()).stream()
              .filter(e -> e.kind() != HistoryEntry.Kind.TRIMMED)
              .toList();
      batch.add(new ArchivedInstance(cut.getKey(), rows, ArchivedInstance.Reason.TRIMMED));
    }
    Archiver.archiveBeforeDelete(archiver, batch);
  }

  /** Trims the first {@code cut} rows of one instance's history; returns how many rows fewer. */
  private long apply(InstanceRecord record, int cut, Instant now) {
    List<HistoryEntry> history = data.histories.get(record.id());
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
