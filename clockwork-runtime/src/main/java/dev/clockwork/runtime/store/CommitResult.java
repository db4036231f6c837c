package dev.clockwork.runtime.store;

import java.util.Map;
import java.util.Optional;

/**
 * What {@link WorkStore#commit} decided: every group it did not write, and why. A group is written
 * whole or not at all; the groups not named here were written.
 *
 * @param refused the refused groups (see {@link StepCommit#group()}) and the reason of each
 */
public record CommitResult(Map<String, Refusal> refused) {
  /** Every group was written. */
  public static final CommitResult ALL_WRITTEN = new CommitResult(Map.of());

  public CommitResult {
    refused = Map.copyOf(refused);
  }

  /** Why a group was not written. */
  public enum Refusal {
    /** A commit's lease is no longer the instance's (another worker took it over). */
    LEASE_LOST,
    /** A commit's revision is not one above the stored one. */
    STALE_REVISION,
    /** An instance the group creates already exists. */
    DUPLICATE_ID,
    /**
     * The lease of the region job a commit finishes is no longer valid (the job was taken over or
     * already finished): its result is applied by the job's other run, or was applied already.
     */
    JOB_LOST
  }

  /** Why {@code group} was refused; empty when it was written. */
  public Optional<Refusal> refusal(String group) {
    return Optional.ofNullable(refused.get(group));
  }

  public boolean written(String group) {
    return !refused.containsKey(group);
  }
}
