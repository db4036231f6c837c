package dev.clockwork.runtime.instance;

import java.util.Map;

/**
 * What an instance carries besides its state, set when it is created and never changed after.
 *
 * @param queue the queue it is served from: only engines that serve this queue claim its work
 *     ({@code workers.queues}); {@value #DEFAULT_QUEUE} unless routed elsewhere
 * @param labels texts to find it by ({@link InstanceQuery})
 * @param memo any JSON values, read back with the instance; not a filter
 * @param searchAttributes texts, numbers and booleans to find it by ({@link InstanceQuery})
 */
public record InstanceMetadata(
    String queue,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes) {

  /** The queue of an instance nothing routed elsewhere. */
  public static final String DEFAULT_QUEUE = "default";

  /** The metadata of an instance created with none: the default queue, nothing else. */
  public static final InstanceMetadata DEFAULT = InstanceMetadata.inQueue(DEFAULT_QUEUE);

  /**
   * Checks every field (see {@link MetadataChecks}).
   *
   * @throws IllegalArgumentException naming the field and the key that is wrong
   */
  public InstanceMetadata {
    queue = MetadataChecks.queue("queue", queue);
    labels = MetadataChecks.labels("labels", labels);
    memo = MetadataChecks.memo("memo", memo);
    searchAttributes = MetadataChecks.searchAttributes("searchAttributes", searchAttributes);
  }

  /** Metadata with only a queue. */
  public static InstanceMetadata inQueue(String queue) {
    return new InstanceMetadata(queue, Map.of(), Map.of(), Map.of());
  }
}
