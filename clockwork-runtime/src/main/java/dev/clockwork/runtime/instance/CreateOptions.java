package dev.clockwork.runtime.instance;

import dev.clockwork.core.event.Event;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How {@code Engine.create(machine, id, input, options)} creates an instance: the queue it is
 * served from, its labels, memo and search attributes, and what started it. Immutable; every field
 * has a named default ({@link #DEFAULTS}).
 *
 * <pre>{@code
 * engine.create("invoice-sync", null, Map.of(), CreateOptions.builder()
 *     .queue("high-priority")
 *     .label("team", "billing")
 *     .searchAttribute("tenant_id", 42)
 *     .memo("origin", "backoffice")
 *     .build());
 * }</pre>
 *
 * @param queue the queue the instance is served from; null (the default) for its machine's default
 *     queue ({@code machines.<id>.queue.name} in {@code clockwork.yaml}), else the system's ({@code
 *     queue.name}), else {@value InstanceMetadata#DEFAULT_QUEUE}
 * @param labels texts to find the instance by (none by default)
 * @param memo JSON values read back with the instance (none by default)
 * @param searchAttributes texts, numbers and booleans to find the instance by (none by default)
 * @param origin what started the instance, the first row of its history (a schedule's {@code
 *     ScheduleTriggered}, for instance); null (the default) for none
 */
public record CreateOptions(
    String queue,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes,
    Event origin) {

  /** No queue of its own, no labels, memo or search attributes, no origin. */
  public static final CreateOptions DEFAULTS = new CreateOptions(null, null, null, null, null);

  /**
   * Checks every field (see {@link MetadataChecks}).
   *
   * @throws IllegalArgumentException naming the field and the key that is wrong
   */
  public CreateOptions {
    queue = queue == null ? null : MetadataChecks.queue("queue", queue);
    labels = MetadataChecks.labels("labels", labels);
    memo = MetadataChecks.memo("memo", memo);
    searchAttributes = MetadataChecks.searchAttributes("searchAttributes", searchAttributes);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The metadata of an instance created with these options, {@code defaultQueue} its fallback. */
  public InstanceMetadata metadata(String defaultQueue) {
    return new InstanceMetadata(
        queue != null ? queue : defaultQueue, labels, memo, searchAttributes);
  }

  /** Collects options; what is not set keeps its default. */
  public static final class Builder {
    private String queue;
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, Object> memo = new LinkedHashMap<>();
    private final Map<String, Object> searchAttributes = new LinkedHashMap<>();
    private Event origin;

    private Builder() {}

    /** The queue the instance is served from (null: its machine's default). */
    public Builder queue(String name) {
      this.queue = name;
      return this;
    }

    public Builder label(String key, String value) {
      labels.put(key, value);
      return this;
    }

    /** Adds every label of {@code values} (null: none). */
    public Builder labels(Map<String, String> values) {
      if (values != null) {
        labels.putAll(values);
      }
      return this;
    }

    public Builder memo(String key, Object value) {
      memo.put(key, value);
      return this;
    }

    /** Adds every memo field of {@code values} (null: none). */
    public Builder memo(Map<String, ?> values) {
      if (values != null) {
        memo.putAll(values);
      }
      return this;
    }

    public Builder searchAttribute(String key, Object value) {
      searchAttributes.put(key, value);
      return this;
    }

    /** Adds every search attribute of {@code values} (null: none). */
    public Builder searchAttributes(Map<String, ?> values) {
      if (values != null) {
        searchAttributes.putAll(values);
      }
      return this;
    }

    /** What started the instance: the first row of its history. */
    public Builder origin(Event event) {
      this.origin = event;
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException naming the field and the key that is wrong
     */
    public CreateOptions build() {
      return new CreateOptions(queue, labels, memo, searchAttributes, origin);
    }
  }
}
