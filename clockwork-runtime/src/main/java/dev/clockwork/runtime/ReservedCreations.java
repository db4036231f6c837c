package dev.clockwork.runtime;

import dev.clockwork.core.input.ReservedNames;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.internal.engine.Creations;
import java.util.List;

/**
 * Creation for Clockwork's own modules: a schedule starts its runs here, under the reserved {@code
 * schedule:} id form that {@link Engine#create} refuses to callers ({@link ReservedNames}). Not for
 * applications: an instance created here under a schedule's run id is one the schedule did not
 * start, which it records as {@code run_id_taken}. Otherwise as {@link Engine#create} and {@link
 * Engine#createAll}.
 */
public final class ReservedCreations {
  private final Creations creations;

  ReservedCreations(Creations creations) {
    this.creations = creations;
  }

  /** Creates an instance as {@link Engine#create(NewInstance)} does, reserved id forms allowed. */
  public Instance create(NewInstance request) {
    return Instance.of(creations.createOwn(request));
  }

  /** Creates instances as {@link Engine#createAll} does, reserved id forms allowed. */
  public List<CreateOutcome> createAll(List<NewInstance> requests) {
    return creations.createAllOwn(requests).stream().map(CreateOutcome::of).toList();
  }
}
