package dev.clockwork.runtime.store;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceQuery;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The store's role that answers questions about instances: their records, their history, who is in
 * a conversation or a state (SPI: a role of {@link Store}).
 */
public interface InstanceStore {

  Optional<InstanceRecord> find(String instanceId);

  /**
   * The status of each instance among {@code instanceIds} that exists ({@link #find}'s, for many
   * instances in one read where the store can): a schedule tick checks the previous runs of a whole
   * batch at once.
   */
  default Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    Map<String, InstanceStatus> statuses = new HashMap<>();
    for (String id : instanceIds) {
      find(id).ifPresent(record -> statuses.put(id, record.status()));
    }
    return statuses;
  }

  /**
   * The oldest instance of {@code machine} in a conversation (ties broken by id), whatever its
   * status: the target of an emit addressed to a machine rather than an instance.
   */
  Optional<InstanceRecord> findInConversation(String conversationId, String machine);

  /** History rows with a sequence above {@code afterSequence}, oldest first. */
  List<HistoryEntry> history(String instanceId, long afterSequence, int limit);

  /**
   * Ids of the active instances of {@code machine} in {@code state} (a dotted path; an instance
   * counts when that state is active) and in {@code namespace} (every one when null: {@link
   * dev.clockwork.runtime.instance.NamespacedIds#in}), above {@code afterId} in id order, at most
   * {@code limit}: the targets of a broadcast (which reaches the sender's namespace only), found
   * through an index.
   */
  List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit);

  /** Ids of the stored instances of a machine, sorted (for operators and tests). */
  List<String> instanceIds(String machine);

  /**
   * The instances {@code query} asks for, sorted by id: of its machine (every machine when null),
   * carrying each of its labels and search attributes (numbers compared by value), with an id above
   * its {@code afterId}, at most its {@code limit}. A store with indexes answers it through them.
   */
  List<InstanceRecord> search(InstanceQuery query);

  /** The machines with stored instances, sorted. */
  List<String> machines();
}
