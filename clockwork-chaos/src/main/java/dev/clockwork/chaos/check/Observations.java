package dev.clockwork.chaos.check;

import dev.clockwork.runtime.queue.EventStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the checker read back after the run, through the public API only.
 *
 * @param instances per instance id
 * @param events per acknowledged event, keyed by {@link #key}; absent when the engine does not know
 *     the event id at all
 */
public record Observations(Map<String, InstanceSeen> instances, Map<String, EventSeen> events) {
  /**
   * One instance as stored.
   *
   * @param applied the sequence numbers in its context's applied list, in the order applied
   * @param entries the sequence numbers of the ARM events that entered {@code ticking}
   * @param rings the entries whose one-shot timer fired, in firing order
   * @param appliedRows per queued event id, how many applied ({@code EVENT}) history rows it has
   */
  public record InstanceSeen(
      List<Long> applied,
      List<Long> entries,
      List<Long> rings,
      Map<Long, Integer> appliedRows,
      List<TimerFire> fires) {
    public InstanceSeen {
      applied = List.copyOf(applied);
      entries = List.copyOf(entries);
      rings = List.copyOf(rings);
      appliedRows = Map.copyOf(appliedRows);
      fires = List.copyOf(fires);
    }

    /** An instance without timer fires. */
    public InstanceSeen(
        List<Long> applied, List<Long> entries, List<Long> rings, Map<Long, Integer> appliedRows) {
      this(applied, entries, rings, appliedRows, List.of());
    }
  }

  /**
   * One {@code TIMER_FIRED} history row.
   *
   * @param sequence its history sequence
   * @param due the due instant it records
   * @param engineAt its instant, by the clock of the engine that fired it
   * @param databaseAt the database's clock when the row was inserted (no earlier than the fire);
   *     null when not recorded
   */
  public record TimerFire(long sequence, Instant due, Instant engineAt, Instant databaseAt) {}

  /**
   * One acknowledged event's fate.
   *
   * @param state what {@code engine.event(instance, id)} said
   * @param failedAttempts the failed attempts it counted
   * @param errors the attempt errors it listed (a dead-lettered event lists every attempt's; an
   *     applied one lists none: its count is in {@code failedAttempts})
   * @param deadLetterErrors the attempt errors of its entry in {@code queues().deadLetters}; -1
   *     when it is not there
   */
  public record EventSeen(
      EventStatus.State state, int failedAttempts, int errors, int deadLetterErrors) {}

  public Observations {
    instances = Map.copyOf(instances);
    events = Map.copyOf(events);
  }

  public static String key(String instanceId, long eventId) {
    return instanceId + "#" + eventId;
  }
}
