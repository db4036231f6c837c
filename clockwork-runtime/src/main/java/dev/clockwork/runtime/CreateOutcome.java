package dev.clockwork.runtime;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.engine.Creations;

/**
 * What became of one request of {@link Engine#createAll}: created; not created because its id is
 * taken (created before, or by an earlier creation of the same batch); or failed, with nothing of
 * it written.
 *
 * @param id the instance id
 * @param instance the instance created, or null
 * @param failure why it failed, or null
 */
public record CreateOutcome(String id, Instance instance, RuntimeException failure) {

  /** True when the instance was created by this call. */
  public boolean created() {
    return instance != null;
  }

  /** True when an instance with the id existed: nothing was created, nothing failed. */
  public boolean duplicate() {
    return instance == null && failure == null;
  }

  static CreateOutcome of(Creations.Outcome outcome) {
    TurnRunner.Created created = outcome.created();
    return new CreateOutcome(
        NamespacedIds.idOf(outcome.id()),
        created == null ? null : Instance.of(created),
        outcome.failure());
  }
}
