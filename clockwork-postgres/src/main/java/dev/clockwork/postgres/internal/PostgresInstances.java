package dev.clockwork.postgres.internal;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The PostgreSQL store's instances role: {@code cw_instances} and {@code cw_history} read. */
public final class PostgresInstances implements InstanceStore {
  private final InstanceRows rows;
  private final InstanceSearch search;
  private final InstanceHistory history;

  public PostgresInstances(Jdbc jdbc) {
    this.rows = new InstanceRows(jdbc);
    this.search = new InstanceSearch(jdbc);
    this.history = new InstanceHistory(jdbc);
  }

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    return rows.find(instanceId);
  }

  /**
   * {@inheritDoc}
   *
   * <p>One query, reading the status column alone.
   */
  @Override
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    return rows.statuses(instanceIds);
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    return rows.findInConversation(conversationId, machine);
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return history.read(instanceId, afterSequence, limit);
  }

  @Override
  public List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit) {
    return rows.instancesIn(machine, state, namespace, afterId, limit);
  }

  @Override
  public List<String> instanceIds(String machine) {
    return rows.instanceIds(machine);
  }

  @Override
  public List<InstanceRecord> search(InstanceQuery query) {
    return search.instances(query);
  }

  @Override
  public List<String> machines() {
    return rows.machines();
  }
}
