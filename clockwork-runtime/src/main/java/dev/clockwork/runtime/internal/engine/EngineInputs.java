package dev.clockwork.runtime.internal.engine;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.metrics.MicrometerQueueMetrics;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.util.List;

/**
 * What an engine's builder collected, to be wired into its parts.
 *
 * @param store the store, or null for a new in-memory one
 * @param clock the clock the user gave, or the system's
 * @param clockGiven whether the user gave it (a given clock is followed as it is, unless {@code
 *     workers.align_clock_with_store} says otherwise)
 * @param machines the registered machine definitions
 * @param behaviors the node's named behaviours, for machines deployed as data
 * @param settings the settings, resolved once
 * @param listeners the user's listeners, in order
 * @param metrics the queue metrics to publish, or null
 * @param archiver the user's archive sink for retention, or null (then {@code retention.archive},
 *     when set, names a directory of JSON Lines files)
 */
public record EngineInputs(
    Store store,
    Clock clock,
    boolean clockGiven,
    MachineRegistry machines,
    Behaviors behaviors,
    Settings settings,
    List<EngineListener> listeners,
    MicrometerQueueMetrics metrics,
    Archiver archiver) {

  public EngineInputs {
    listeners = List.copyOf(listeners);
  }
}
