package dev.clockwork.runtime.internal;

import java.util.Optional;

/**
 * Child instances get deterministic ids, {@code <parent id>/<state path>#<entry id>}, so a retried
 * step starts the same child once and a child always knows where to report its outcome.
 */
public final class ChildIds {
  private ChildIds() {}

  /** Where a child reports: its parent, and the parent's state entry that started it. */
  public record ParentLink(String parentId, String statePath, long entryId) {}

  public static String childId(String parentId, String statePath, long entryId) {
    return parentId + "/" + statePath + "#" + entryId;
  }

  /** The parent link encoded in {@code instanceId}, empty for a top-level instance. */
  public static Optional<ParentLink> parentOf(String instanceId) {
    int slash = instanceId.lastIndexOf('/');
    int hash = instanceId.lastIndexOf('#');
    if (slash < 1 || hash < slash + 2 || hash == instanceId.length() - 1) {
      return Optional.empty();
    }
    try {
      long entryId = Long.parseLong(instanceId.substring(hash + 1));
      return Optional.of(
          new ParentLink(
              instanceId.substring(0, slash), instanceId.substring(slash + 1, hash), entryId));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * Rejects a blank top-level id; one that reads as a child's ({@code /}) is refused for callers by
   * {@link dev.clockwork.core.input.ReservedNames}.
   */
  public static void checkTopLevel(String instanceId) {
    if (instanceId.isBlank()) {
      throw new IllegalArgumentException(
          "instance id '" + instanceId + "' is not allowed: ids must be non-blank");
    }
  }
}
