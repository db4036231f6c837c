package dev.clockwork.core.interpreter;

import java.util.List;

/**
 * An instance cannot be migrated: some of its active states have no state in the target version
 * (under their mapped name), or map to states that cannot be active together.
 */
public final class UnmappedStatesException extends IllegalArgumentException {
  private final List<String> unmapped;

  public UnmappedStatesException(List<String> unmapped, String problem) {
    super(problem);
    this.unmapped = List.copyOf(unmapped);
  }

  /** The active state paths (of the old version) that stand in the way. */
  public List<String> unmapped() {
    return unmapped;
  }
}
