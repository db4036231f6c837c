package dev.clockwork.schedule.outcome;

import java.util.List;

/**
 * What deploying one machine's timer start events did in one namespace.
 *
 * @param namespace where the start schedules live
 * @param machine the machine
 * @param version the version this node deployed: the newest it has registered
 * @param created start schedules of {@code version} this deploy created
 * @param existing start schedules of {@code version} that were there already (another node, or an
 *     earlier start, created them; deleted ones stay deleted)
 * @param cancelled start schedules of older versions this deploy deleted
 * @param newestVersion the newest version that has start schedules, or {@code version} when that is
 *     newer; above {@code version} when a node with a newer deploy got there first, in which case
 *     this node created nothing
 */
public record StartTimerDeployment(
    String namespace,
    String machine,
    int version,
    List<String> created,
    List<String> existing,
    List<String> cancelled,
    int newestVersion) {
  public StartTimerDeployment {
    created = List.copyOf(created);
    existing = List.copyOf(existing);
    cancelled = List.copyOf(cancelled);
  }

  /** True when a newer version's start timers run instead of this version's. */
  public boolean superseded() {
    return newestVersion > version;
  }
}
