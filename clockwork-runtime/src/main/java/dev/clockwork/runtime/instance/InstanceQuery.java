package dev.clockwork.runtime.instance;

import dev.clockwork.core.context.JsonValues;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which instances {@code engine.instances().list(query)} lists: those of a machine (or of every
 * machine) that carry every label and every search attribute asked for, in a state and a
 * conversation when it names them, with an id above {@code afterId}, sorted by id, at most {@code
 * limit}. Search attribute numbers match by value ({@code 42} matches a stored {@code 42.0}). A
 * page ends where the next begins: ask {@link #after} the last id listed.
 *
 * <pre>{@code
 * InstanceQuery billing = InstanceQuery.builder().machine("invoice-sync")
 *     .label("team", "billing").searchAttribute("tenant_id", 42).build();
 * List<Instance> page = engine.instances().list(billing);
 * List<Instance> next = engine.instances().list(billing.after(page.get(page.size() - 1).id()));
 * }</pre>
 *
 * @param machine the machine id, or null for every machine
 * @param labels labels an instance must all carry, with these values
 * @param searchAttributes search attributes an instance must all carry, with these values
 * @param afterId list ids above this one (null: from the first)
 * @param limit the most instances listed: 1 to {@value #MAX_LIMIT} (default {@value
 *     #DEFAULT_LIMIT})
 * @param state a state path (dotted) that must be active, ancestors counting ({@code shipping}
 *     matches an instance in {@code shipping.packed}), or null for any state
 * @param conversationId the conversation the instances belong to, or null for any
 * @param namespace the namespace the instances belong to, or null for every one (what a namespace's
 *     view, {@code engine.namespace(name).instances()}, sets; stores compare it with {@link
 *     NamespacedIds#in})
 */
public record InstanceQuery(
    String machine,
    Map<String, String> labels,
    Map<String, Object> searchAttributes,
    String afterId,
    int limit,
    String state,
    String conversationId,
    String namespace) {

  public static final int DEFAULT_LIMIT = 100;
  public static final int MAX_LIMIT = 1_000;

  /**
   * Checks every field.
   *
   * @throws IllegalArgumentException naming the field that is wrong
   */
  public InstanceQuery {
    if (machine != null && machine.isBlank()) {
      throw new IllegalArgumentException("machine is blank; name a machine, or null for every one");
    }
    labels = MetadataChecks.labels("labels", labels);
    searchAttributes = MetadataChecks.searchAttributes("searchAttributes", searchAttributes);
    if (state != null && state.isBlank()) {
      throw new IllegalArgumentException("state is blank; name a state path, or null for any");
    }
    if (conversationId != null && conversationId.isBlank()) {
      throw new IllegalArgumentException(
          "conversationId is blank; name a conversation, or null for any");
    }
    if (namespace != null) {
      NamespacedIds.checkedName(namespace);
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "limit must be 1 to " + MAX_LIMIT + ", not " + limit + "; page on with after(lastId)");
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The same query for the instances after {@code lastId}: the next page. */
  public InstanceQuery after(String lastId) {
    return new InstanceQuery(
        machine, labels, searchAttributes, lastId, limit, state, conversationId, namespace);
  }

  /**
   * The same query in stored ids of {@code scope}'s namespace: its {@code afterId} and {@code
   * conversationId} qualified, its namespace set (what a namespace's view hands the store).
   */
  public InstanceQuery storedIn(String scope) {
    return new InstanceQuery(
        machine,
        labels,
        searchAttributes,
        afterId == null ? null : NamespacedIds.stored(scope, afterId),
        limit,
        state,
        conversationId == null ? null : NamespacedIds.stored(scope, conversationId),
        scope);
  }

  /** True when the stored id {@code storedId} is in the query's namespace (or it names none). */
  public boolean matchesNamespace(String storedId) {
    return NamespacedIds.in(namespace, storedId);
  }

  /**
   * True when an instance of {@code instanceMachine} carrying {@code metadata} passes the filters
   * (its id aside): the in-memory reading of the query, which a database store answers through its
   * indexes.
   */
  public boolean matches(String instanceMachine, InstanceMetadata metadata) {
    if (machine != null && !machine.equals(instanceMachine)) {
      return false;
    }
    for (Map.Entry<String, String> label : labels.entrySet()) {
      if (!label.getValue().equals(metadata.labels().get(label.getKey()))) {
        return false;
      }
    }
    for (Map.Entry<String, Object> attribute : searchAttributes.entrySet()) {
      Object stored = metadata.searchAttributes().get(attribute.getKey());
      if (stored == null || !JsonValues.sameJson(stored, attribute.getValue())) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when an instance of {@code instanceConversation} whose active states (ancestors included)
   * are {@code activePaths} passes the state and conversation filters: the in-memory reading, which
   * a database store answers through its indexes.
   */
  public boolean matchesStateAndConversation(
      String instanceConversation, Collection<String> activePaths) {
    if (conversationId != null && !conversationId.equals(instanceConversation)) {
      return false;
    }
    return state == null || activePaths.contains(state);
  }

  /**
   * Collects a query; what is not set does not filter, and the limit is {@value #DEFAULT_LIMIT}.
   */
  public static final class Builder {
    private String machine;
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, Object> searchAttributes = new LinkedHashMap<>();
    private String afterId;
    private int limit = DEFAULT_LIMIT;
    private String state;
    private String conversationId;

    private Builder() {}

    /** Only instances of {@code id} (null: every machine). */
    public Builder machine(String id) {
      this.machine = id;
      return this;
    }

    /** Only instances labelled {@code key} = {@code value}. */
    public Builder label(String key, String value) {
      labels.put(key, value);
      return this;
    }

    /** Only instances carrying every one of these labels. */
    public Builder labels(Map<String, String> values) {
      labels.putAll(values);
      return this;
    }

    /** Only instances whose search attribute {@code key} is {@code value}. */
    public Builder searchAttribute(String key, Object value) {
      searchAttributes.put(key, value);
      return this;
    }

    /** Only instances carrying every one of these search attributes. */
    public Builder searchAttributes(Map<String, ?> values) {
      searchAttributes.putAll(values);
      return this;
    }

    /** Only ids above {@code id} (the last of the previous page). */
    public Builder after(String id) {
      this.afterId = id;
      return this;
    }

    /** Only instances in which {@code path} is active (null: any state). */
    public Builder state(String path) {
      this.state = path;
      return this;
    }

    /** Only instances of conversation {@code id} (null: any). */
    public Builder conversation(String id) {
      this.conversationId = id;
      return this;
    }

    public Builder limit(int most) {
      this.limit = most;
      return this;
    }

    public InstanceQuery build() {
      return new InstanceQuery(
          machine, labels, searchAttributes, afterId, limit, state, conversationId, null);
    }
  }
}
