package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.store.InstanceRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code Engine.enqueue} needs of an instance — its machine, version and conversation — for
 * the instances recently enqueued to, so that an enqueue is one round trip instead of two. Bounded
 * (the least recently used go first). Only an instance on the newest version its machine has here
 * is remembered: versions only grow, so such an instance runs that version or one newer than this
 * node knows, and an event the remembered version refuses is checked again against the stored row
 * before it is refused — what is accepted and refused is exactly what a fresh read would give. An
 * instance deleted meanwhile is refused by the store's enqueue itself.
 */
final class KnownInstances {
  /** The machine, version and conversation of an instance: what never changes but the version. */
  record Known(String id, String machine, int version, String conversationId) {
    static Known of(InstanceRecord record) {
      return new Known(record.id(), record.machine(), record.version(), record.conversationId());
    }
  }

  static final int CAPACITY = 10_000;

  private final Map<String, Known> known =
      new LinkedHashMap<>(256, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
          return size() > CAPACITY;
        }
      };

  synchronized Optional<Known> get(String instanceId) {
    return Optional.ofNullable(known.get(instanceId));
  }

  synchronized void remember(Known instance) {
    known.put(instance.id(), instance);
  }

  synchronized void forget(String instanceId) {
    known.remove(instanceId);
  }
}
