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
   * @param fires its {@code TIMER_FIRED} rows
   * @param turns the history rows its turns wrote for work they processed, with their instants
   */
  public record InstanceSeen(
      List<Long> applied,
      List<Long> entries,
      List<Long> rings,
      Map<Long, Integer> appliedRows,
      List<TimerFire> fires,
      List<TurnRow> turns) {
    public InstanceSeen {
      applied = List.copyOf(applied);
      entries = List.copyOf(entries);
      rings = List.copyOf(rings);
      appliedRows = Map.copyOf(appliedRows);
      fires = List.copyOf(fires);
      turns = List.copyOf(turns);
    }

    /** An instance without recorded turn instants. */
    public InstanceSeen(
        List<Long> applied,
        List<Long> entries,
        List<Long> rings,
        Map<Long, Integer> appliedRows,
        List<TimerFire> fires) {
      this(applied, entries, rings, appliedRows, fires, List.of());
    }

    /** An instance without timer fires. */
    public InstanceSeen(
        List<Long> applied, List<Long> entries, List<Long> rings, Map<Long, Integer> appliedRows) {
      this(applied, entries, rings, appliedRows, List.of());
    }
  }

  /**
   * A history row a turn wrote for work it processed: an applied event, a failed attempt or a timer
   * fire.
   *
   * @param sequence its history sequence
   * @param what its kind and event, for examples
   * @param committedAt the database's clock when it was inserted, inside the turn's commit
   * @param leasedAt the database's clock when the instance was last leased before that: the lease
   *     the turn ran under, as commits are fenced by their lease; null when none was recorded
   */
  public record TurnRow(long sequence, String what, Instant committedAt, Instant leasedAt) {}

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
