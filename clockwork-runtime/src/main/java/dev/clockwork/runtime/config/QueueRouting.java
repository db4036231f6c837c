package dev.clockwork.runtime.config;

import dev.clockwork.runtime.instance.MetadataChecks;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which queues an engine serves and, as set in code, which queue each machine's new instances go
 * to. Every instance is served from one queue ({@code default} unless routed elsewhere); an engine
 * claims only the work of instances in the queues it serves. Set with {@code
 * Engine.builder().queues(...)} and {@link EngineOptions.Builder#queueName}.
 *
 * @param served the queues whose instances this engine's workers and {@code runDue} process; null
 *     (the default) for every queue. A synchronous {@code send} is not affected: it runs in the
 *     caller's thread, whatever the instance's queue
 * @param name every machine's default queue set in code, over {@code queue.name} of every block of
 *     {@code clockwork.yaml}; null to follow the file
 * @param byMachine one machine's default queue set in code, over everything else
 */
public record QueueRouting(Set<String> served, String name, Map<String, String> byMachine) {

  /** Every queue served; default queues as {@code clockwork.yaml} says. */
  public static final QueueRouting DEFAULT = new QueueRouting(null, null, Map.of());

  /**
   * Checks every queue name.
   *
   * @throws IllegalArgumentException naming the name that is wrong
   */
  public QueueRouting {
    if (served != null) {
      if (served.isEmpty()) {
        throw new IllegalArgumentException(
            "queues needs at least one queue name; leave it out to serve every queue");
      }
      served.forEach(queue -> MetadataChecks.queue("queues", queue));
      served = Set.copyOf(served);
    }
    if (name != null) {
      MetadataChecks.queue("queueName", name);
    }
    Map<String, String> copy = new LinkedHashMap<>();
    byMachine.forEach(
        (machine, queue) ->
            copy.put(
                Objects.requireNonNull(machine, "machine"),
                MetadataChecks.queue("queueName of machine '" + machine + "'", queue)));
    byMachine = Map.copyOf(copy);
  }

  /** True when this engine serves {@code queue}. */
  public boolean serves(String queue) {
    return served == null || served.contains(queue);
  }

  /** A machine's default queue: set in code for it, else for every machine, else the file's. */
  public String nameFor(String machine, String fromFile) {
    String own = byMachine.get(machine);
    return own != null ? own : name != null ? name : fromFile;
  }

  QueueRouting withServed(Set<String> queues) {
    return new QueueRouting(queues, name, byMachine);
  }

  QueueRouting withName(String queue) {
    return new QueueRouting(served, queue, byMachine);
  }

  QueueRouting withName(String machine, String queue) {
    Map<String, String> names = new LinkedHashMap<>(byMachine);
    names.put(machine, queue);
    return new QueueRouting(served, name, names);
  }
}
