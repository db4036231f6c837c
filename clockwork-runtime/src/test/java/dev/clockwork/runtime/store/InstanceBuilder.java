package dev.clockwork.runtime.store;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceMetadata;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the {@link InstanceRecord}s the store contract suites store: by default an active {@code
 * order} in {@code waiting}, revision 1, one history row, created at {@link StoreContract#T0}. A
 * store keeps records as given, so no interpreter is needed to make them.
 */
public final class InstanceBuilder {
  private String id;
  private String machine = "order";
  private int version = 1;
  private String conversationId;
  private List<StoredEntry> active;
  private List<String> leaves = List.of("waiting");
  private Map<String, Object> context = Map.of("n", 1L);
  private List<ArmedTimer> timers = List.of();
  private long lastEntryId = -1;
  private InstanceStatus status = InstanceStatus.ACTIVE;
  private long revision = 1;
  private long historySequence = 1;
  private Instant createdAt = StoreContract.T0;
  private Instant updatedAt;
  private FireRetry fireRetry;
  private InstanceMetadata metadata = InstanceMetadata.DEFAULT;
  private Map<String, List<String>> history = Map.of();

  private InstanceBuilder() {}

  /** A new instance {@code id}, in conversation {@code conv-<id>}. */
  public static InstanceBuilder instance(String id) {
    InstanceBuilder builder = new InstanceBuilder();
    builder.id = id;
    builder.conversationId = "conv-" + id;
    return builder;
  }

  /** The next revision of {@code record}: everything as stored, the revision one above. */
  public static InstanceBuilder nextOf(InstanceRecord record) {
    InstanceBuilder builder = new InstanceBuilder();
    builder.id = record.id();
    builder.machine = record.machine();
    builder.version = record.version();
    builder.conversationId = record.conversationId();
    builder.active = record.active();
    builder.context = record.context();
    builder.timers = record.timers();
    builder.lastEntryId = record.lastEntryId();
    builder.status = record.status();
    builder.revision = record.revision() + 1;
    builder.historySequence = record.historySequence();
    builder.createdAt = record.createdAt();
    builder.updatedAt = record.updatedAt();
    builder.fireRetry = record.fireRetry();
    builder.metadata = record.metadata();
    return builder;
  }

  public InstanceBuilder machine(String name) {
    this.machine = name;
    return this;
  }

  public InstanceBuilder version(int number) {
    this.version = number;
    return this;
  }

  public InstanceBuilder conversation(String conversation) {
    this.conversationId = conversation;
    return this;
  }

  /**
   * The instance is in these leaf states (dotted paths); the root and every ancestor are active
   * too, as a store is given them.
   */
  public InstanceBuilder in(String... leafPaths) {
    this.leaves = List.of(leafPaths);
    this.active = null;
    return this;
  }

  public InstanceBuilder context(Map<String, Object> values) {
    this.context = values;
    return this;
  }

  public InstanceBuilder timers(ArmedTimer... armed) {
    this.timers = List.of(armed);
    return this;
  }

  public InstanceBuilder status(InstanceStatus newStatus) {
    this.status = newStatus;
    return this;
  }

  public InstanceBuilder revision(long number) {
    this.revision = number;
    return this;
  }

  public InstanceBuilder historySequence(long sequence) {
    this.historySequence = sequence;
    return this;
  }

  public InstanceBuilder createdAt(Instant at) {
    this.createdAt = at;
    return this;
  }

  public InstanceBuilder updatedAt(Instant at) {
    this.updatedAt = at;
    return this;
  }

  public InstanceBuilder fireRetry(FireRetry retry) {
    this.fireRetry = retry;
    return this;
  }

  /** The queue, labels, memo and search attributes it carries (default: the default queue). */
  public InstanceBuilder metadata(InstanceMetadata carried) {
    this.metadata = carried;
    return this;
  }

  /** With what its history states recorded (history state path → recorded state paths). */
  public InstanceBuilder history(Map<String, List<String>> recorded) {
    this.history = recorded;
    return this;
  }

  /** In {@code queue}, with no labels, memo or search attributes. */
  public InstanceBuilder queue(String queue) {
    return metadata(InstanceMetadata.inQueue(queue));
  }

  public InstanceRecord build() {
    List<StoredEntry> entries = active != null ? active : entries(leaves, createdAt);
    return new InstanceRecord(
        id,
        machine,
        version,
        conversationId,
        entries,
        context,
        timers,
        lastEntryId >= 0 && active != null ? lastEntryId : entries.size(),
        status,
        revision,
        historySequence,
        createdAt,
        updatedAt != null ? updatedAt : createdAt,
        fireRetry,
        metadata,
        history);
  }

  /** The root, then each leaf's ancestors and the leaf, in document order, numbered from 1. */
  private static List<StoredEntry> entries(List<String> leaves, Instant at) {
    Set<String> paths = new LinkedHashSet<>();
    paths.add("");
    for (String leaf : leaves) {
      int dot = -1;
      while ((dot = leaf.indexOf('.', dot + 1)) > 0) {
        paths.add(leaf.substring(0, dot));
      }
      paths.add(leaf);
    }
    List<StoredEntry> entries = new ArrayList<>(paths.size());
    long entryId = 0;
    for (String path : paths) {
      entries.add(new StoredEntry(path, ++entryId, at));
    }
    return entries;
  }
}
