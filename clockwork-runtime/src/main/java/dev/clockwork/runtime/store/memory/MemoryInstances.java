package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.StoredEntry;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** The in-memory store's instances role. */
final class MemoryInstances implements InstanceStore {
  private final MemoryData data;

  MemoryInstances(MemoryData data) {
    this.data = data;
  }

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    synchronized (data) {
      return Optional.ofNullable(data.instances.get(instanceId));
    }
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    synchronized (data) {
      return data.instances.values().stream()
          .filter(r -> r.conversationId().equals(conversationId) && r.machine().equals(machine))
          .min(Comparator.comparing(InstanceRecord::createdAt).thenComparing(InstanceRecord::id));
    }
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    synchronized (data) {
      return data.histories.getOrDefault(instanceId, List.of()).stream()
          .filter(h -> h.sequence() > afterSequence)
          .limit(limit)
          .toList();
    }
  }

  @Override
  public List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit) {
    synchronized (data) {
      return data.instancesIn(machine, state, namespace, afterId, limit);
    }
  }

  @Override
  public List<String> instanceIds(String machine) {
    synchronized (data) {
      return data.instances.values().stream()
          .filter(record -> record.machine().equals(machine))
          .map(InstanceRecord::id)
          .sorted()
          .toList();
    }
  }

  @Override
  public List<InstanceRecord> search(InstanceQuery query) {
    String after = query.afterId() == null ? "" : query.afterId();
    synchronized (data) {
      return data.instances.values().stream()
          .filter(r -> r.id().compareTo(after) > 0)
          .filter(r -> query.matchesNamespace(r.id()))
          .filter(r -> query.matches(r.machine(), r.metadata()))
          .filter(
              r ->
                  query.matchesStateAndConversation(
                      r.conversationId(), r.active().stream().map(StoredEntry::path).toList()))
          .sorted(Comparator.comparing(InstanceRecord::id))
          .limit(query.limit())
          .toList();
    }
  }

  @Override
  public List<String> machines() {
    synchronized (data) {
      return data.instances.values().stream()
          .map(InstanceRecord::machine)
          .distinct()
          .sorted()
          .toList();
    }
  }
}
