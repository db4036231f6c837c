package dev.clockwork.runtime.instance;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.input.InputRules;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One instance to create ({@code Engine.create} and {@code Engine.createAll}): its machine, id and
 * input, the conversation it joins, the queue it is served from, its labels, memo and search
 * attributes, and what started it. Immutable: each method returns a new request; what is not set
 * keeps its named default.
 *
 * <pre>{@code
 * Instance created = engine.create(NewInstance.of("invoice-sync")
 *     .id("inv-7")
 *     .input(Map.of("amount", 120))
 *     .queue("high-priority")
 *     .label("team", "billing")
 *     .searchAttribute("tenant_id", 42)
 *     .memo("origin", "backoffice"));
 * }</pre>
 *
 * @param machine the machine, whose newest version the instance runs
 * @param id the instance id; null (the default) for a random one, {@code <machine>:<uuid>}
 * @param input values merged over the definition's initial context (none by default)
 * @param conversation the conversation the instance joins, so that emits from its actions to a
 *     machine by name ({@code Target.machine("payment")}) find the conversation's instance of that
 *     machine; null (the default) starts a new one
 * @param queue the queue the instance is served from; null (the default) for its machine's default
 *     queue ({@code machines.<id>.queue.name} in {@code clockwork.yaml} or set in code), else the
 *     system's ({@code queue.name}), else {@value InstanceMetadata#DEFAULT_QUEUE}
 * @param labels texts to find the instance by (none by default)
 * @param memo JSON values read back with the instance (none by default)
 * @param searchAttributes texts, numbers and booleans to find the instance by (none by default)
 * @param origin what started the instance, the first row of its history (a schedule's {@code
 *     ScheduleTriggered}, for instance); null (the default) for none
 * @param namespace the namespace the instance belongs to ({@value NamespacedIds#DEFAULT} by
 *     default); its id and conversation are unique within it
 */
public record NewInstance(
    String machine,
    String id,
    Map<String, ?> input,
    String conversation,
    String queue,
    Map<String, String> labels,
    Map<String, Object> memo,
    Map<String, Object> searchAttributes,
    Event origin,
    String namespace) {

  /**
   * Checks every field (see {@link MetadataChecks}): no NUL anywhere. The conversation id is
   * checked further when the instance is created, and a caller's id by the id rules ({@link
   * InputRules#id}: length, NFC) and the reserved forms ({@code Engine.create}).
   *
   * @throws IllegalArgumentException naming the field and the key that is wrong
   */
  public NewInstance {
    Objects.requireNonNull(machine, "machine");
    InputRules.text("machine", machine);
    InputRules.text("instance id", id);
    InputRules.text("conversation id", conversation);
    input = input == null ? Map.of() : input;
    JsonValues.checked("input", input);
    queue = queue == null ? null : MetadataChecks.queue("queue", queue);
    labels = MetadataChecks.labels("labels", labels);
    memo = MetadataChecks.memo("memo", memo);
    searchAttributes = MetadataChecks.searchAttributes("searchAttributes", searchAttributes);
    namespace = namespace == null ? NamespacedIds.DEFAULT : NamespacedIds.checkedName(namespace);
  }

  /**
   * In the namespace {@code name} (null: the default one): ids are unique per namespace, and the
   * instance's children, conversation and the instances its emits create share it.
   */
  public NewInstance namespace(String name) {
    return new NewInstance(
        machine, id, input, conversation, queue, labels, memo, searchAttributes, origin, name);
  }

  /** An instance of {@code machine} with every default: a random id, no input, no metadata. */
  public static NewInstance of(String machine) {
    return new NewInstance(machine, null, null, null, null, null, null, null, null, null);
  }

  /** With this id (null: a random one). */
  public NewInstance id(String instanceId) {
    return new NewInstance(
        machine,
        instanceId,
        input,
        conversation,
        queue,
        labels,
        memo,
        searchAttributes,
        origin,
        namespace);
  }

  /** With these values merged over the initial context (null: none). */
  public NewInstance input(Map<String, ?> values) {
    return new NewInstance(
        machine,
        id,
        values,
        conversation,
        queue,
        labels,
        memo,
        searchAttributes,
        origin,
        namespace);
  }

  /** Joining the conversation {@code conversationId} (null: a new one). */
  public NewInstance conversation(String conversationId) {
    return new NewInstance(
        machine,
        id,
        input,
        conversationId,
        queue,
        labels,
        memo,
        searchAttributes,
        origin,
        namespace);
  }

  /** Served from the queue {@code name} (null: its machine's default). */
  public NewInstance queue(String name) {
    return new NewInstance(
        machine, id, input, conversation, name, labels, memo, searchAttributes, origin, namespace);
  }

  /** With the label {@code key} set to {@code value}, besides those set before. */
  public NewInstance label(String key, String value) {
    Map<String, String> more = new LinkedHashMap<>(labels);
    more.put(key, value);
    return labels(more);
  }

  /** With every label of {@code values} (null: none), besides those set before. */
  public NewInstance labels(Map<String, String> values) {
    Map<String, String> more = new LinkedHashMap<>(labels);
    if (values != null) {
      more.putAll(values);
    }
    return new NewInstance(
        machine, id, input, conversation, queue, more, memo, searchAttributes, origin, namespace);
  }

  /** With the memo field {@code key} set to {@code value}, besides those set before. */
  public NewInstance memo(String key, Object value) {
    Map<String, Object> more = new LinkedHashMap<>(memo);
    more.put(key, value);
    return memo(more);
  }

  /** With every memo field of {@code values} (null: none), besides those set before. */
  public NewInstance memo(Map<String, ?> values) {
    Map<String, Object> more = new LinkedHashMap<>(memo);
    if (values != null) {
      more.putAll(values);
    }
    return new NewInstance(
        machine, id, input, conversation, queue, labels, more, searchAttributes, origin, namespace);
  }

  /** With the search attribute {@code key} set to {@code value}, besides those set before. */
  public NewInstance searchAttribute(String key, Object value) {
    Map<String, Object> more = new LinkedHashMap<>(searchAttributes);
    more.put(key, value);
    return searchAttributes(more);
  }

  /** With every search attribute of {@code values} (null: none), besides those set before. */
  public NewInstance searchAttributes(Map<String, ?> values) {
    Map<String, Object> more = new LinkedHashMap<>(searchAttributes);
    if (values != null) {
      more.putAll(values);
    }
    return new NewInstance(
        machine, id, input, conversation, queue, labels, memo, more, origin, namespace);
  }

  /** Started by {@code event}, the first row of its history (null: none). */
  public NewInstance origin(Event event) {
    return new NewInstance(
        machine, id, input, conversation, queue, labels, memo, searchAttributes, event, namespace);
  }

  /** The metadata of the instance, {@code defaultQueue} its queue when it names none. */
  public InstanceMetadata metadata(String defaultQueue) {
    return new InstanceMetadata(
        queue != null ? queue : defaultQueue, labels, memo, searchAttributes);
  }
}
